import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../../../db/client.ts';
import { readInitialCluster } from '../../../db/pglite-initial-cluster.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import type { ListerEmail } from '../../../server/marketplace/enquiries/submit-enquiry.ts';
import { keepListingsFresh } from '../../../server/marketplace/listings/keep-listings-fresh.ts';
import { listings } from '../../../server/marketplace/listings/schema.ts';
import { initialClusterFile, migratedPgliteCluster } from '../../../server/prepare-database.ts';
import { insertListing } from '../../support/listing-factory.ts';
import { startWebAppOver } from '../../support/web-app.ts';

/**
 * The site for `listing-freshness.spec.ts`, run with tsx as a process of its own (`<dataDir>
 * <lister e-mail>`): the real pages and HTTP app over a database of its own, where a listing
 * last confirmed 40 days ago was asked 'Is it still available?' 8 days ago (the e-mail, from the
 * real mailer, lands in `<dataDir>/outbox`) and has been paused for want of an answer. The
 * shared e2e server's clock and database cannot be moved back like that. Prints
 * `{ base, propertyPath }` as one JSON line once serving; stops on SIGTERM.
 */
const DAY = 86_400_000;
const [dataDir, contactEmail] = process.argv.slice(2);
if (!dataDir || !contactEmail) throw new Error('Usage: freshness-site.ts <dataDir> <e-mail>');

const cluster = (await readInitialCluster(initialClusterFile())) ?? (await migratedPgliteCluster());
const database = await openDatabase({ kind: 'pglite', loadDataDir: cluster, thread: 'main' });
const secret = randomBytes(32);
const site = await startWebAppOver(database, { secret });
const now = Date.now();
const id = await insertListing(database.db, {
  title: 'Two bedroom cottage by the green',
  contactEmail,
  publishedAt: new Date(now - 40 * DAY),
  confirmedAt: new Date(now - 40 * DAY),
});
const mailer = createMailer(
  {
    smtpUrl: undefined,
    from: 'Roost <hello@roost.test>',
    sms: undefined,
    outboxDir: path.join(dataDir, 'outbox'),
    isOutboxPageEnabled: false,
  },
  pino({ level: 'silent' }),
);
const freshness = {
  send: (email: ListerEmail) =>
    mailer.send({ channel: 'email', tag: 'listing-freshness', ...email }),
  publicUrl: site.base,
  secret,
};
// Asked 8 days ago; unanswered, so today's run pauses it.
await keepListingsFresh(database.db, { ...freshness, now: new Date(now - 8 * DAY) });
await keepListingsFresh(database.db, freshness);
const [listing] = await database.db.select().from(listings).where(eq(listings.id, id));
if (listing?.status !== 'paused')
  throw new Error(`Expected a paused listing, not ${listing?.status}`);

process.stdout.write(
  `${JSON.stringify({ base: site.base, propertyPath: listingPath(listing) })}\n`,
);
process.once('SIGTERM', () => {
  void site
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
