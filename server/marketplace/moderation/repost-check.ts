import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { addressKey, comparableText } from '../../../domain/moderation/repost-fingerprint.ts';
import { listings } from '../listings/schema.ts';
import { isPublicListingSql } from '../listings/public-listing-sql.ts';
import { mediaPhashes } from '../listing-media/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { REVIEW_REQUEST_REPORTER } from './moderation-hold.ts';
import { recordMissingFingerprints } from './repost-fingerprints.ts';
import { moderationActions, repostFingerprints as f } from './schema.ts';

/** Who holds a repost for review: the moderation action's `adminSub` (a system decision). */
export const REPOST_CHECK = 'roost:repost-check';

/** Moderated listings are compared for this long after the decision. */
export const REPOST_WINDOW_DAYS = 365;

/**
 * Thresholds, measured on the demo data (docs/listings.md): pg_trgm `similarity` compares sets
 * of word trigrams, so reordered words score as the same text and a one-letter typo costs a few
 * trigrams out of dozens. Shorter text is too common to count.
 */
export const REPOST_THRESHOLDS = {
  title: 0.7,
  description: 0.8,
  minTitle: 12,
  minDescription: 40,
  /** A title or description nearly this close to this many live listings is template text. */
  commonAt: 3,
  /** Hamming distance between 64-bit perceptual hashes still counted as the same photo… */
  photoBits: 3,
  /** …with each channel's mean colour (0–255) this close. */
  photoColour: 3,
  /** Photos of the new listing that must be near one of the moderated listing's. */
  photosToMatch: 2,
  /** Listings within this much less similarity count towards `commonAt` (template families). */
  commonMargin: 0.1,
} as const;

export type RepostMatch = 'address' | 'title' | 'description' | 'photos';

export interface NewListingContent {
  postcode: string;
  addressLine1: string;
  title: string;
  description: string;
  /** Content hashes of the photos and floorplans (the blob keys). */
  mediaKeys: string[];
  /** The listing being edited, which is not compared with itself. */
  listingId?: number;
}

export interface ModeratedOriginal {
  id: number;
  match: RepostMatch;
}

/**
 * A listing moderators paused or removed in the last 12 months (and have not let back), by any
 * lister, that the new or edited listing repeats: the same address key, a near-identical title
 * or description (same numbers) after folding look-alike letters, or photos within a few bits
 * of perceptual hash and the same mean colour (or the same file). Deleting or purging the
 * moderated listing does not clear it: its fingerprint outlives it.
 */
export async function findModeratedOriginal(
  db: Database,
  content: NewListingContent,
  now = new Date(),
): Promise<ModeratedOriginal | undefined> {
  await recordMissingFingerprints(db, now);
  const title = comparableText(content.title);
  const description = comparableText(content.description);
  const hashes = await photoHashesOf(db, content.mediaKeys);
  const t = REPOST_THRESHOLDS;
  const titleCounts =
    title.length >= t.minTitle && !(await isCommon(db, 'title', title, t.title, content));
  const descriptionCounts =
    description.length >= t.minDescription &&
    !(await isCommon(db, 'description', description, t.description, content));

  const sameAddress = sql<boolean>`${f.addressKey} = ${addressKey(content.addressLine1, content.postcode)}`;
  const sameTitle = titleCounts
    ? sql<boolean>`(similarity(${f.title}, ${title}) >= ${t.title} and ${numbersSql(sql`${f.title}`)} = ${numbersOf(title)})`
    : sql<boolean>`false`;
  const sameDescription = descriptionCounts
    ? sql<boolean>`(similarity(${f.description}, ${description}) >= ${t.description} and ${numbersSql(sql`${f.description}`)} = ${numbersOf(description)})`
    : sql<boolean>`false`;
  const keys = sql`array[${sql.join(
    [sql`''`, ...content.mediaKeys.map((key) => sql`${key}`)],
    sql`, `,
  )}]::text[]`;
  // Enough of its photos near ones of the moderated listing: two (one when it has only one), as
  // rendered or staged rooms can share a single near-identical picture.
  const photosNeeded = Math.min(hashes.length, REPOST_THRESHOLDS.photosToMatch);
  const samePhoto = hashes.length
    ? sql<boolean>`(${f.photoKeys} && ${keys} or (select count(distinct new.sig) from unnest(${f.photoHashes}) as old(sig), unnest(array[${sql.join(
        hashes.map((hash) => sql`${hash}`),
        sql`, `,
      )}]::text[]) as new(sig) where ${closePhotos(sql`old.sig`, sql`new.sig`)}) >= ${photosNeeded})`
    : sql<boolean>`${f.photoKeys} && ${keys}`;
  const latestOutcome = sql`(select ${moderationActions.outcome} from ${moderationActions} where ${moderationActions.listingId} = ${f.listingId} and ${moderationActions.adminSub} <> ${REPOST_CHECK} order by ${moderationActions.createdAt} desc, ${moderationActions.id} desc limit 1)`;

  const [row] = await db
    .select({ id: f.listingId, sameAddress, sameTitle, sameDescription })
    .from(f)
    .leftJoin(listings, eq(listings.id, f.listingId))
    .where(
      and(
        sql`${f.moderatedAt} > ${now.toISOString()}::timestamptz - make_interval(days => ${REPOST_WINDOW_DAYS})`,
        content.listingId === undefined ? undefined : ne(f.listingId, content.listingId),
        // Still paused or removed: a listing moderators let back no longer counts.
        sql`(${listings.id} is null or ${latestOutcome} in ('paused', 'removed'))`,
        sql`(${sameAddress} or ${sameTitle} or ${sameDescription} or ${samePhoto})`,
      ),
    )
    .orderBy(sql`${f.moderatedAt} desc`)
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

/**
 * The numbers in a text, sorted: '4 bedroom … for sale' and '5 bedroom … for sale' differ by one
 * character but are different homes. A typo disguises letters; the facts stay.
 */
function numbersOf(text: string): string {
  return (text.match(/\d+/g) ?? []).sort().join(' ');
}

function numbersSql(text: SQL) {
  return sql`coalesce((select string_agg(m[1], ' ' order by m[1] collate "C") from regexp_matches(${text}, '(\\d+)', 'g') as m), '')`;
}

/** Two photo signatures ('<64 bits>|<r>|<g>|<b>', media/photo-hash.ts) of the same picture. */
function closePhotos(a: SQL, b: SQL) {
  const part = (signature: SQL, index: number) => sql`split_part(${signature}, '|', ${index})`;
  const colour = (index: number) =>
    sql`abs(${part(a, index)}::int - ${part(b, index)}::int) <= ${REPOST_THRESHOLDS.photoColour}`;
  return sql`bit_count(${part(a, 1)}::bit(64) # ${part(b, 1)}::bit(64)) <= ${REPOST_THRESHOLDS.photoBits} and ${colour(2)} and ${colour(3)} and ${colour(4)}`;
}

/** The photo signatures recorded for these blobs when they were uploaded. */
async function photoHashesOf(db: Database, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ phash: mediaPhashes.phash })
    .from(mediaPhashes)
    .where(inArray(mediaPhashes.blobKey, keys));
  return rows.map((row) => row.phash);
}

/**
 * Whether `text` is as close as a repeat to `commonAt` or more live listings (other than the one
 * being edited): then it is template wording ('3 bedroom flat to rent') shared by honest
 * listings, and on its own says nothing about a repost.
 */
async function isCommon(
  db: Database,
  column: 'title' | 'description',
  text: string,
  threshold: number,
  content: NewListingContent,
): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listings)
    .where(
      and(
        isPublicListingSql(),
        content.listingId === undefined ? undefined : ne(listings.id, content.listingId),
        isNull(listings.deletedAt),
        sql`similarity(lower(${listings[column]}), ${text}) >= ${threshold - REPOST_THRESHOLDS.commonMargin}`,
      ),
    );
  return (row?.count ?? 0) >= REPOST_THRESHOLDS.commonAt;
}

const MATCH_WORDS: Record<RepostMatch, string> = {
  address: 'the same address',
  title: 'a near-identical title',
  description: 'a near-identical description',
  photos: 'the same photos',
};

/** Why a listing was held, as moderators and the lister read it. */
export function repostReason(original: ModeratedOriginal): string {
  return `Repeats listing ${original.id}, which moderators paused or removed, with ${MATCH_WORDS[original.match]}.`;
}

/**
 * Keeps a new or edited listing (written paused) off Roost until a moderator has looked: a system
 * 'paused' decision naming the earlier listing (so its lister cannot simply set it 'Available')
 * and an open review request that puts it in the moderation queue. Dismissing that report lets
 * it go live, as for any held listing.
 */
export async function holdRepostForReview(
  db: Database,
  listingId: number,
  original: ModeratedOriginal,
  now: Date,
): Promise<void> {
  const why = repostReason(original);
  await db.insert(moderationActions).values({
    listingId,
    adminSub: REPOST_CHECK,
    adminEmail: null,
    outcome: 'paused',
    reason: `${why} Held for review before it goes live.`,
    reportsClosed: 0,
    repostOf: original.id,
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
