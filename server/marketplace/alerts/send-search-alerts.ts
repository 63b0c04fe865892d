import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatPrice, pluralise } from '../../../domain/format.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import { savedSearchLandingPath } from '../../../domain/search/saved-search-paths.ts';
import type { Database } from '../../../db/client.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Message } from '../../mail/mailer.ts';
import { listings } from '../listings/schema.ts';
import { isPublicListingSql } from '../listings/public-listing-sql.ts';
import { alertBoostsFor, spendAlertBoost } from '../payments/alert-boosts.ts';
import type { SearchPage, runSearch } from '../search/run-search.ts';
import { alertDeliveries, savedSearches, type SavedSearch } from './schema.ts';
import { createUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * At most this many homes in one e-mail, which then says how many more matched and links to
 * them all; those follow in the next e-mail.
 */
export const LISTINGS_PER_ALERT = 14;

type Search = (input: Parameters<typeof runSearch>[2]) => Promise<SearchPage>;

export interface SearchAlertDeps {
  db: Database;
  search: Search;
  send: (message: Message) => Promise<void>;
  publicUrl: () => string;
  secret: Buffer;
}

/** Saved searches whose next e-mail is due: instant every run, daily and weekly by the clock. */
function dueSearches(db: Database) {
  const checkedBefore = (interval: string) =>
    or(
      isNull(savedSearches.lastSentAt),
      lte(savedSearches.lastSentAt, sql`now() - ${interval}::interval`),
    );
  return db
    .select()
    .from(savedSearches)
    .where(
      and(
        isNull(savedSearches.unsubscribedAt),
        or(
          eq(savedSearches.frequency, 'instant'),
          and(eq(savedSearches.frequency, 'daily'), checkedBefore('23 hours 55 minutes')),
          and(eq(savedSearches.frequency, 'weekly'), checkedBefore('6 days 23 hours 55 minutes')),
        ),
      ),
    );
}

function alertEmail(
  saved: SavedSearch,
  page: SearchPage,
  items: SearchPage['items'],
  more: number,
  deps: SearchAlertDeps,
  promoted: Set<number> = new Set(),
): Message {
  const base = deps.publicUrl();
  // The saved search's own link, not its criteria: it opens the search as it is when clicked.
  const searchUrl = `${base}${savedSearchLandingPath(saved.id)}`;
  const unsubscribeUrl = `${base}/alerts/unsubscribe?token=${createUnsubscribeToken(deps.secret, saved.id)}`;
  const subject = `${pluralise(items.length + more, 'new or reduced home')} for “${saved.name}” on Roost`;
  const lines = items.map((item) => ({
    // An alert boost (a paid upgrade) is shown first and says so; otherwise, listed before the
    // search was saved, it is here because its price came down.
    label: `${promoted.has(item.id) ? 'Promoted: ' : ''}${
      item.publishedAt && Date.parse(item.publishedAt) <= saved.createdAt.getTime()
        ? 'Reduced: '
        : ''
    }`,
    isPromoted: promoted.has(item.id),
    price: formatPrice(item),
    title: item.title,
    address: item.displayAddress,
    url: `${base}${listingPath(item)}`,
  }));
  const text = [
    `New and reduced homes matching your saved search “${saved.name}”${page.location ? ` in ${page.location.label}` : ''}:`,
    '',
    ...lines.flatMap((line) => [
      `${line.label}${line.price} — ${line.title}, ${line.address}`,
      line.url,
      '',
    ]),
    ...(more > 0
      ? [`…and ${pluralise(more, 'more home')}. See them all: ${searchUrl}`, '']
      : [`See the search: ${searchUrl}`, '']),
    'Never pay a deposit or holding fee before you have viewed a property.',
    '',
    `Stop these e-mails: ${unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<p>New and reduced homes matching your saved search <strong>${escapeHtml(saved.name)}</strong>${page.location ? ` in ${escapeHtml(page.location.label)}` : ''}:</p>`,
    '<ul>',
    ...lines.map(
      (line) =>
        `<li${line.isPromoted ? ' style="background:#fff4d6;padding:4px 6px"' : ''}><a href="${escapeHtml(line.url)}">${escapeHtml(line.label)}<strong>${escapeHtml(line.price)}</strong> — ${escapeHtml(line.title)}</a>, ${escapeHtml(line.address)}</li>`,
    ),
    '</ul>',
    more > 0
      ? `<p>…and ${pluralise(more, 'more home')}. <a href="${escapeHtml(searchUrl)}">See them all</a>.</p>`
      : `<p><a href="${escapeHtml(searchUrl)}">See the search on Roost</a></p>`,
    '<p>Never pay a deposit or holding fee before you have viewed a property.</p>',
    `<p style="font-size:small"><a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a></p>`,
  ].join('\n');
  return {
    channel: 'email',
    to: saved.email,
    subject,
    text,
    html,
    tag: 'search-alert',
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The search results whose listings are public now: the search table follows the listings by
 * trigger, but an alert names homes in an e-mail that cannot be taken back, so the listing rule
 * (domain/listing/visibility.ts) is asked again at sending.
 */
async function stillPublic(db: Database, items: SearchPage['items']) {
  if (items.length === 0) return items;
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(
        inArray(
          listings.id,
          items.map((item) => item.id),
        ),
        isPublicListingSql(),
      ),
    );
  const visible = new Set(rows.map((row) => row.id));
  return items.filter((item) => visible.has(item.id));
}

/**
 * Sends one saved search's alert. The deliveries are recorded in the same transaction that
 * sends, so a failed send records nothing (and is retried), and no home is ever sent twice.
 * Homes with an alert boost (a paid upgrade, `payments/alert-boosts.ts`) come first, marked
 * 'Promoted'; the e-mail that first carries one spends it in that same transaction. Alerts go
 * only to people who saved a search and asked for them, so a boost never reaches anyone else.
 */
export async function sendAlertFor(
  deps: SearchAlertDeps,
  saved: SavedSearch,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const page = await deps.search({
    channel: saved.channel,
    params: new URLSearchParams(saved.params),
    placeSlug: saved.placeSlug ?? undefined,
    newOrReducedSince: saved.createdAt,
    pageSize: 100,
  });
  const items = await stillPublic(db, page.items);
  const ids = items.map((item) => item.id);
  const delivered = ids.length
    ? await db
        .select({ listingId: alertDeliveries.listingId })
        .from(alertDeliveries)
        .where(
          and(eq(alertDeliveries.savedSearchId, saved.id), inArray(alertDeliveries.listingId, ids)),
        )
    : [];
  const sent = new Set(delivered.map((row) => row.listingId));
  const unsent = items.filter((item) => !sent.has(item.id));
  const boosts = await alertBoostsFor(db, { listingIds: unsent.map((item) => item.id), now });
  const fresh = [
    ...unsent.filter((item) => boosts.has(item.id)),
    ...unsent.filter((item) => !boosts.has(item.id)),
  ];
  const batch = fresh.slice(0, LISTINGS_PER_ALERT);
  await db.transaction(async (tx) => {
    if (batch.length > 0) {
      const recorded = await tx
        .insert(alertDeliveries)
        .values(batch.map((item) => ({ savedSearchId: saved.id, listingId: item.id })))
        .onConflictDoNothing()
        .returning({ listingId: alertDeliveries.listingId });
      const recordedIds = new Set(recorded.map((row) => row.listingId));
      const toSend = batch.filter((item) => recordedIds.has(item.id));
      if (toSend.length > 0) {
        const promoted = new Set(toSend.filter((item) => boosts.has(item.id)).map((i) => i.id));
        for (const id of promoted) {
          if (boosts.get(id) === 'unused') await spendAlertBoost(tx, { listingId: id, now });
        }
        await deps.send(
          alertEmail(saved, page, toSend, fresh.length - batch.length, deps, promoted),
        );
      }
    }
    await tx
      .update(savedSearches)
      .set({ lastSentAt: new Date() })
      .where(eq(savedSearches.id, saved.id));
  });
  return batch.length;
}

export function createSearchAlertsJob(deps: SearchAlertDeps & { everyMs?: number }) {
  return defineJob({
    name: 'search-alerts',
    payload: z.object({}),
    everyMs: deps.everyMs ?? 60_000,
    maxAttempts: 3,
    run: async (_payload, { logger }) => {
      for (const saved of await dueSearches(deps.db)) {
        try {
          const count = await sendAlertFor(deps, saved);
          if (count > 0)
            logger.info({ savedSearchId: saved.id, listings: count }, 'search alert sent');
        } catch (error) {
          // One bad search must not hold up everyone else's alerts; it is tried again next run.
          logger.error({ err: error, savedSearchId: saved.id }, 'search alert failed');
        }
      }
    },
  });
}
