import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listingMedia, listings } from '../listings/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { REVIEW_REQUEST_REPORTER } from './moderation-hold.ts';
import { moderationActions } from './schema.ts';

/** Who holds a repost for review: the moderation action's `adminSub` (a system decision). */
export const REPOST_CHECK = 'roost:repost-check';

/** Text shorter than this (letters and digits only) is too common to count as a repeat. */
const MIN_TITLE = 12;
const MIN_DESCRIPTION = 40;

export type RepostMatch = 'address' | 'title' | 'description' | 'photos';

export interface NewListingContent {
  ownerSub: string;
  postcode: string;
  addressLine1: string;
  title: string;
  description: string;
  /** Content hashes of the photos and floorplans (the blob keys). */
  mediaKeys: string[];
}

/** Lower case, letters and digits only: 'Two-bed flat!' and 'two bed  flat' are the same. */
// Used for the length floor; the comparison itself runs in SQL (comparableSql).
export function comparableText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The same comparison in SQL, applied to both sides so the engines' locales cannot differ. */
const comparableSql = (value: SQL) =>
  sql`regexp_replace(lower((${value})::text), '[^[:alnum:]]+', '', 'g')`;

/**
 * A listing of the same lister that moderators paused or removed (its latest moderation
 * decision), which the new one repeats: the same address, a near-identical title or description,
 * or a photo with the same content hash. Deleting the moderated listing does not clear it (the
 * row stays, soft-deleted, for 30 days; then `purgeDeletedListings` drops it).
 */
export async function findModeratedOriginal(
  db: Database,
  content: NewListingContent,
): Promise<{ id: number; match: RepostMatch } | undefined> {
  const title = comparableText(content.title);
  const description = comparableText(content.description);
  const latestOutcome = sql`(select ${moderationActions.outcome} from ${moderationActions} where ${moderationActions.listingId} = ${listings.id} order by ${moderationActions.createdAt} desc, ${moderationActions.id} desc limit 1)`;
  const sameAddress = and(
    eq(listings.postcode, content.postcode),
    sql`lower(${listings.addressLine1}) = lower(${content.addressLine1})`,
  );
  const sameTitle =
    title.length >= MIN_TITLE
      ? sql`${comparableSql(sql`${listings.title}`)} = ${comparableSql(sql`${content.title}`)}`
      : undefined;
  const sameDescription =
    description.length >= MIN_DESCRIPTION
      ? sql`${comparableSql(sql`${listings.description}`)} = ${comparableSql(sql`${content.description}`)}`
      : undefined;
  const samePhoto =
    content.mediaKeys.length > 0
      ? sql`exists (select 1 from ${listingMedia} where ${listingMedia.listingId} = ${listings.id} and ${inArray(listingMedia.blobKey, content.mediaKeys)})`
      : undefined;
  const [row] = await db
    .select({
      id: listings.id,
      sameAddress: sql<boolean>`coalesce(${sameAddress}, false)`,
      sameTitle: sameTitle ? sql<boolean>`coalesce(${sameTitle}, false)` : sql<boolean>`false`,
      sameDescription: sameDescription
        ? sql<boolean>`coalesce(${sameDescription}, false)`
        : sql<boolean>`false`,
    })
    .from(listings)
    .where(
      and(
        eq(listings.ownerSub, content.ownerSub),
        sql`${latestOutcome} in ('paused', 'removed')`,
        or(sameAddress, sameTitle, sameDescription, samePhoto),
      ),
    )
    .orderBy(listings.id)
    .limit(1);
  if (!row) return undefined;
  const match: RepostMatch = row.sameAddress
    ? 'address'
    : row.sameTitle
      ? 'title'
      : row.sameDescription
        ? 'description'
        : 'photos';
  return { id: row.id, match };
}

const MATCH_WORDS: Record<RepostMatch, string> = {
  address: 'the same address',
  title: 'a near-identical title',
  description: 'a near-identical description',
  photos: 'the same photos',
};

/**
 * Keeps a new listing (inserted paused) off Roost until a moderator has looked: a system
 * 'paused' decision (so its lister cannot simply set it 'Available') and an open review request
 * that puts it in the moderation queue. Dismissing that report lets
 * it go live, as for any held listing.
 */
export async function holdRepostForReview(
  db: Database,
  listingId: number,
  original: { id: number; match: RepostMatch },
  now: Date,
): Promise<void> {
  const why = `Posted again by the lister of listing ${original.id}, which moderators paused or removed, with ${MATCH_WORDS[original.match]}.`;
  await db.insert(moderationActions).values({
    listingId,
    adminSub: REPOST_CHECK,
    adminEmail: null,
    outcome: 'paused',
    reason: `${why} Held for review before it goes live.`,
    reportsClosed: 0,
    createdAt: now,
  });
  await db
    .insert(listingReports)
    .values({
      listingId,
      // As when a lister asks for a held listing to go back: they see 'waiting for a moderator'.
      reporterKey: REVIEW_REQUEST_REPORTER,
      reason: 'other',
      details: `${why} Check it before it goes live.`,
      createdAt: now,
    })
    .onConflictDoNothing();
}
