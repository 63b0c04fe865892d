import { and, asc, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { validateListing } from '../../../domain/listing/listing-schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findModeratedOriginal, holdRepostForReview } from '../moderation/repost-check.ts';
import type { Geocoder } from '../search/geocoder.ts';
import { checkMaterialSources } from './check-material-sources.ts';
import { letContextFor, type LetRulesSettings } from './let-context.ts';
import { toListingValues } from './listing-values.ts';
import { loadListingDraft } from './load-listing-draft.ts';
import {
  listingDrafts,
  listingMedia,
  listingPriceHistory,
  listingStatusHistory,
  listings,
  type DraftMedia,
  type NewListing,
} from './schema.ts';

/** Relisting the same address within 14 weeks keeps its original date and price history. */
export const RELIST_WINDOW_MS = 14 * 7 * 86_400_000;

export interface Publisher {
  sub: string;
  email: string | undefined;
}

/**
 * Publishes the wizard's draft: every step validated again on the server, the postcode placed on
 * the map, then the listing, its media and its price history written in one transaction and the
 * draft removed. A draft made from an existing listing updates that listing instead.
 */
export async function publishListingDraft(
  db: Database,
  geocoder: Geocoder,
  options: { draftId: string; user: Publisher | null; now?: Date; letRules?: LetRulesSettings },
): Promise<{ id: number; isNew: boolean; isHeldForReview: boolean }> {
  if (!options.user) throw new AppError('UNAUTHENTICATED', 'Sign in to publish your listing.');
  const user = options.user;
  const now = options.now ?? new Date();
  const draft = await loadListingDraft(db, options.draftId, user.sub);
  const result = validateListing(
    draft.data,
    letContextFor(draft.data.postcode, options.letRules, now),
  );
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Some details are missing or wrong.', result.fields);
  }
  const photos = draft.media.filter((item) => item.kind === 'photo');
  if (photos.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Add at least one photo.', {
      photos: 'Add at least one photo',
    });
  }
  const coordinates = await geocoder.locatePostcode(result.data.postcode);
  if (!coordinates) {
    throw new AppError('VALIDATION_FAILED', 'We could not place this postcode on the map.', {
      postcode: 'We could not find this postcode; check it and try again',
    });
  }
  const values = {
    ...toListingValues(result.data, coordinates),
    materialSources: await checkMaterialSources(
      db,
      { postcode: result.data.postcode, ...coordinates },
      result.data,
    ),
  };

  return db.transaction(async (tx) => {
    const write = { tx: tx as unknown as Database, user, values, media: draft.media, now };
    const { id, isHeldForReview } = draft.listingId
      ? await updateListing({ ...write, id: draft.listingId })
      : await insertListing(write);
    const isNew = !draft.listingId;
    await insertMedia(tx as unknown as Database, id, draft.media);
    await tx.delete(listingDrafts).where(eq(listingDrafts.id, draft.id));
    return { id, isNew, isHeldForReview };
  });
}

interface ListingWrite {
  tx: Database;
  user: Publisher;
  values: ReturnType<typeof toListingValues> & Pick<NewListing, 'materialSources'>;
  media: DraftMedia[];
  now: Date;
}

/** A draft of an existing listing: the listing updated, a price change recorded, media cleared. */
async function updateListing({
  tx,
  user,
  values,
  media,
  now,
  id,
}: ListingWrite & { id: number }): Promise<{ id: number; isHeldForReview: boolean }> {
  const [current] = await tx
    .select({ price: listings.price, ownerSub: listings.ownerSub })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  if (!current || current.ownerSub !== user.sub) {
    throw new AppError('NOT_FOUND', 'No such listing, or it is not yours.');
  }
  // An edit that turns a listing into a moderated one is held as a new one would be.
  const moderated = await findModeratedOriginal(
    tx,
    { ...repostContent(values, media), listingId: id },
    now,
  );
  const isHeldForReview = moderated !== undefined;
  await tx
    .update(listings)
    .set(moderated ? { ...values, status: 'paused', statusChangedAt: now } : values)
    .where(eq(listings.id, id));
  if (moderated) await holdRepostForReview(tx, id, moderated, now);
  if (current.price !== values.price) {
    await tx
      .insert(listingPriceHistory)
      .values({ listingId: id, price: values.price, changedAt: now });
  }
  await tx.delete(listingMedia).where(eq(listingMedia.listingId, id));
  return { id, isHeldForReview };
}

/**
 * A new listing; one relisting an address the owner listed lately keeps its date and its price
 * and status histories.
 */
async function insertListing({
  tx,
  user,
  values,
  media,
  now,
}: ListingWrite): Promise<{ id: number; isHeldForReview: boolean }> {
  const earlier = await findRelistedAddress(tx, user.sub, values, now);
  // Moderation is not escaped by deleting and posting again: held until a moderator looks.
  const moderated = await findModeratedOriginal(tx, repostContent(values, media), now);
  const isHeldForReview = moderated !== undefined;
  const [row] = await tx
    .insert(listings)
    .values({
      ...values,
      ownerSub: user.sub,
      status: isHeldForReview ? 'paused' : 'active',
      publishedAt: earlier?.publishedAt ?? now,
      statusChangedAt: now,
      confirmedAt: now,
      contactEmail: user.email ?? null,
    })
    .returning({ id: listings.id });
  const id = row!.id;
  const history = earlier
    ? await tx
        .select({ price: listingPriceHistory.price, changedAt: listingPriceHistory.changedAt })
        .from(listingPriceHistory)
        .where(eq(listingPriceHistory.listingId, earlier.id))
        .orderBy(asc(listingPriceHistory.changedAt))
    : [];
  const last = history.at(-1);
  const entries = [...history];
  if (!last || last.price !== values.price) entries.push({ price: values.price, changedAt: now });
  await tx
    .insert(listingPriceHistory)
    .values(entries.map((entry) => ({ ...entry, listingId: id })));
  if (earlier) {
    const copied = await tx
      .select({ event: listingStatusHistory.event, changedAt: listingStatusHistory.changedAt })
      .from(listingStatusHistory)
      .where(eq(listingStatusHistory.listingId, earlier.id));
    await tx
      .insert(listingStatusHistory)
      .values([
        ...copied.map((entry) => ({ ...entry, listingId: id })),
        { listingId: id, event: 'relisted' as const, changedAt: now },
      ]);
  }
  if (moderated) await holdRepostForReview(tx, id, moderated, now);
  return { id, isHeldForReview };
}

/** What the repost check compares of a listing about to be written. */
function repostContent(
  values: { postcode: string; addressLine1: string; title: string; description?: string | null },
  media: DraftMedia[],
) {
  return {
    postcode: values.postcode,
    addressLine1: values.addressLine1,
    title: values.title,
    description: values.description ?? '',
    mediaKeys: media.map((item) => item.key),
  };
}

async function insertMedia(db: Database, listingId: number, media: DraftMedia[]) {
  const rows = (['photo', 'floorplan'] as const).flatMap((kind) =>
    media
      .filter((item) => item.kind === kind)
      .map((item, position) => ({
        listingId,
        kind,
        position,
        blobKey: item.key,
        width: item.width,
        height: item.height,
        caption: item.caption,
      })),
  );
  if (rows.length) await db.insert(listingMedia).values(rows);
}

/** The same owner's same address, taken off the market within the relist window. */
async function findRelistedAddress(
  db: Database,
  ownerSub: string,
  values: { postcode: string; addressLine1: string },
  now: Date,
) {
  const since = new Date(now.getTime() - RELIST_WINDOW_MS);
  const [row] = await db
    .select({ id: listings.id, publishedAt: listings.publishedAt })
    .from(listings)
    .where(
      and(
        eq(listings.ownerSub, ownerSub),
        eq(listings.postcode, values.postcode),
        sql`lower(${listings.addressLine1}) = lower(${values.addressLine1})`,
        isNotNull(listings.publishedAt),
        or(
          and(isNotNull(listings.deletedAt), gt(listings.deletedAt, since)),
          and(
            sql`${listings.status} in ('removed', 'let_agreed', 'sold_stc', 'paused')`,
            gt(listings.statusChangedAt, since),
          ),
        ),
      ),
    )
    .orderBy(desc(listings.statusChangedAt))
    .limit(1);
  return row;
}
