import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { endUpgradesForListing } from '../payments/end-upgrades.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { purgeDeletedListings } from './delete-listing.ts';
import { freshnessEmail } from './freshness-email.ts';
import { listings } from './schema.ts';

const DAY_MS = 86_400_000;
export const FRESHNESS_RULES = {
  /** Ask the lister to confirm an active listing this often. */
  confirmEveryMs: 28 * DAY_MS,
  /** Pause it if they have not answered within this. */
  answerWithinMs: 7 * DAY_MS,
  /** Let agreed listings leave the site after 6 weeks. */
  letAgreedForMs: 42 * DAY_MS,
  /** Sold STC and under offer listings leave after 8 months. */
  soldForMs: 243 * DAY_MS,
};

export interface FreshnessOptions {
  send: SendEmail | undefined;
  publicUrl: string;
  /** Signs the e-mail's one-click answers (see freshness-token.ts); without it, no such links. */
  secret?: Buffer | undefined;
}

export interface FreshnessResult {
  asked: number;
  paused: number;
  retired: number;
  purged: number;
}

/**
 * Keeps listings honest: asks listers every 4 weeks whether an active listing is still available,
 * pauses it after 7 days without an answer, and takes let agreed (6 weeks) and sold STC / under
 * offer (8 months) listings off the site. Each step is one conditional update, so two instances
 * running it at once never ask twice.
 */
export async function keepListingsFresh(
  db: Database,
  options: FreshnessOptions & { now?: Date },
): Promise<FreshnessResult> {
  const now = options.now ?? new Date();
  const paused = await pauseUnanswered(db, now);
  const asked = await askForConfirmation(db, { ...options, now });
  const retired = await retireAgreed(db, now);

  // Paused for want of an answer, or taken off the site: their paid upgrades end.
  for (const { id } of [...paused, ...retired])
    await endUpgradesForListing(db, { listingId: id, now });

  const purged = await purgeDeletedListings(db, now);
  return { asked, paused: paused.length, retired: retired.length, purged };
}

/** When the lister last said the listing is available (publishing it says so too). */
export const lastConfirmed = sql`coalesce(${listings.confirmedAt}, ${listings.publishedAt}, ${listings.createdAt})`;
const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Active listings asked to confirm and not answering within the week: paused. */
function pauseUnanswered(db: Database, now: Date) {
  return db
    .update(listings)
    .set({ status: 'paused', statusChangedAt: now })
    .where(
      and(
        eq(listings.status, 'active'),
        isNull(listings.deletedAt),
        isNotNull(listings.confirmRequestedAt),
        sql`${listings.confirmRequestedAt} > ${lastConfirmed}`,
        lt(listings.confirmRequestedAt, before(now, FRESHNESS_RULES.answerWithinMs)),
      ),
    )
    .returning({ id: listings.id });
}

/** Marks active listings unconfirmed for 4 weeks as asked and emails their listers; how many. */
async function askForConfirmation(
  db: Database,
  options: FreshnessOptions & { now: Date },
): Promise<number> {
  const { now } = options;
  const due = await db
    .update(listings)
    .set({ confirmRequestedAt: now })
    .where(
      and(
        eq(listings.status, 'active'),
        isNull(listings.deletedAt),
        isNotNull(listings.contactEmail),
        sql`${lastConfirmed} < ${before(now, FRESHNESS_RULES.confirmEveryMs)}`,
        or(
          isNull(listings.confirmRequestedAt),
          sql`${listings.confirmRequestedAt} <= ${lastConfirmed}`,
        ),
      ),
    )
    .returning({
      id: listings.id,
      title: listings.title,
      contactEmail: listings.contactEmail,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      channel: listings.channel,
      town: listings.town,
    });
  for (const listing of due) {
    const { contactEmail } = listing;
    if (!contactEmail) continue;
    await options.send?.(
      freshnessEmail({
        listing: { ...listing, contactEmail },
        publicUrl: options.publicUrl,
        secret: options.secret,
        requestedAt: now,
      }),
    );
  }
  return due.length;
}

/** Let agreed for 6 weeks, or sold STC / under offer for 8 months: taken off the site. */
function retireAgreed(db: Database, now: Date) {
  return db
    .update(listings)
    .set({ status: 'removed', statusChangedAt: now })
    .where(
      and(
        isNull(listings.deletedAt),
        or(
          and(
            eq(listings.status, 'let_agreed'),
            lt(listings.statusChangedAt, before(now, FRESHNESS_RULES.letAgreedForMs)),
          ),
          and(
            sql`${listings.status} in ('sold_stc', 'under_offer')`,
            lt(listings.statusChangedAt, before(now, FRESHNESS_RULES.soldForMs)),
          ),
        ),
      ),
    )
    .returning({ id: listings.id });
}

/** The durable job: hourly, once across all instances (the queue deduplicates the schedule). */
export function createListingFreshnessJob(options: {
  db: Database;
  send: () => SendEmail | undefined;
  publicUrl: () => string;
  secret: Buffer;
}) {
  return defineJob({
    name: 'listings.keep-fresh',
    payload: z.object({}),
    everyMs: 60 * 60 * 1000,
    async run(_payload, { logger }) {
      const result = await keepListingsFresh(options.db, {
        send: options.send(),
        publicUrl: options.publicUrl(),
        secret: options.secret,
      });
      logger.info(result, 'listing freshness');
    },
  });
}
