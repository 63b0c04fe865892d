import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { addressKey, comparableText } from '../../../domain/moderation/repost-fingerprint.ts';
import { listingMedia, listings } from '../listings/schema.ts';
import { mediaPhashes } from '../listing-media/schema.ts';
import { moderationActions, repostFingerprints } from './schema.ts';

/**
 * Keeps what a listing looked like when moderators paused or removed it (address key, folded
 * title and description, photo hashes), for repost-check.ts. Written with the decision; a later
 * decision on the same listing writes it again.
 */
export async function recordRepostFingerprint(
  db: Database,
  listingId: number,
  moderatedAt: Date,
): Promise<void> {
  const [listing] = await db
    .select({
      addressLine1: listings.addressLine1,
      postcode: listings.postcode,
      title: listings.title,
      description: listings.description,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) return;
  const photos = await db
    .select({ key: listingMedia.blobKey, phash: mediaPhashes.phash })
    .from(listingMedia)
    .leftJoin(mediaPhashes, eq(mediaPhashes.blobKey, listingMedia.blobKey))
    .where(eq(listingMedia.listingId, listingId));
  const values = {
    addressKey: addressKey(listing.addressLine1, listing.postcode),
    title: comparableText(listing.title),
    description: comparableText(listing.description ?? ''),
    photoKeys: photos.map((photo) => photo.key),
    photoHashes: photos.flatMap((photo) => (photo.phash ? [photo.phash] : [])),
    moderatedAt,
  };
  await db
    .insert(repostFingerprints)
    .values({ listingId, ...values })
    .onConflictDoUpdate({ target: repostFingerprints.listingId, set: values });
}

/**
 * Listings moderators paused or removed before fingerprints were kept (or whose decision was
 * written by other means) get theirs now, and those past the 12 months are deleted; after the
 * first check this finds nothing.
 */
export async function recordMissingFingerprints(db: Database, now: Date): Promise<void> {
  // Past the window a fingerprint is never compared again: it is not kept either.
  await db
    .delete(repostFingerprints)
    .where(
      sql`${repostFingerprints.moderatedAt} <= ${now.toISOString()}::timestamptz - interval '365 days'`,
    );
  const missing = await db
    .select({
      listingId: moderationActions.listingId,
      at: sql<Date>`max(${moderationActions.createdAt})`.mapWith((value) => new Date(value)),
    })
    .from(moderationActions)
    .where(
      and(
        inArray(moderationActions.outcome, ['paused', 'removed']),
        sql`${moderationActions.adminSub} not like 'roost:%'`,
        sql`${moderationActions.createdAt} > ${now.toISOString()}::timestamptz - interval '365 days'`,
        sql`not exists (select 1 from ${repostFingerprints} where ${repostFingerprints.listingId} = ${moderationActions.listingId})`,
      ),
    )
    .groupBy(moderationActions.listingId);
  for (const { listingId, at } of missing) await recordRepostFingerprint(db, listingId, at);
}
