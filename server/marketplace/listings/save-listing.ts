import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { validateListing } from '../../../domain/listing/listing-schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findModeratedOriginal, holdRepostForReview } from '../moderation/repost-check.ts';
import type { Geocoder } from '../search/geocoder.ts';
import { checkMaterialSources } from './check-material-sources.ts';
import { letContextFor, type LetRulesSettings } from './let-context.ts';
import { toDraftData, toListingValues } from './listing-values.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import type { Publisher } from './publish-listing-draft.ts';
import { listingPriceHistory, listings } from './schema.ts';

async function place(geocoder: Geocoder, postcode: string) {
  const coordinates = await geocoder.locatePostcode(postcode);
  if (!coordinates) {
    throw new AppError('VALIDATION_FAILED', 'We could not place this postcode on the map.', {
      postcode: 'We could not find this postcode; check it and try again',
    });
  }
  return coordinates;
}

/**
 * API create: the whole listing in one request, live at once (photos follow via an edit draft),
 * unless it repeats one of the lister's listings that moderators paused or removed: then it is
 * held for review.
 */
export async function createListing(
  db: Database,
  geocoder: Geocoder,
  options: { user: Publisher; input: unknown; now?: Date; letRules?: LetRulesSettings },
): Promise<{ id: number; isHeldForReview: boolean }> {
  const now = options.now ?? new Date();
  const input = (options.input ?? {}) as Record<string, unknown>;
  const result = validateListing(input, letContextFor(input.postcode, options.letRules, now));
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Some details are missing or wrong.', result.fields);
  }
  const coordinates = await place(geocoder, result.data.postcode);
  const values = {
    ...toListingValues(result.data, coordinates),
    materialSources: await checkMaterialSources(
      db,
      { postcode: result.data.postcode, ...coordinates },
      result.data,
    ),
  };
  return db.transaction(async (tx) => {
    const moderated = await findModeratedOriginal(
      tx as unknown as Database,
      {
        postcode: values.postcode,
        addressLine1: values.addressLine1,
        title: values.title,
        description: values.description ?? '',
        mediaKeys: [],
      },
      now,
    );
    const [row] = await tx
      .insert(listings)
      .values({
        ...values,
        ownerSub: options.user.sub,
        status: moderated ? 'paused' : 'active',
        publishedAt: now,
        statusChangedAt: now,
        confirmedAt: now,
        contactEmail: options.user.email ?? null,
      })
      .returning({ id: listings.id });
    await tx
      .insert(listingPriceHistory)
      .values({ listingId: row!.id, price: values.price, changedAt: now });
    if (moderated) await holdRepostForReview(tx as unknown as Database, row!.id, moderated, now);
    return { id: row!.id, isHeldForReview: moderated !== undefined };
  });
}

/** API update: the fields sent are merged over the current listing and all rules run again. */
export async function updateListing(
  db: Database,
  geocoder: Geocoder,
  options: {
    listingId: number;
    userSub: string;
    input: unknown;
    now?: Date;
    letRules?: LetRulesSettings;
  },
): Promise<{ id: number; isHeldForReview: boolean }> {
  const current = await loadOwnedListing(db, options.listingId, options.userSub);
  const patch = options.input && typeof options.input === 'object' ? options.input : {};
  const now = options.now ?? new Date();
  const merged: Record<string, unknown> = { ...toDraftData(current), ...patch };
  const result = validateListing(merged, letContextFor(merged.postcode, options.letRules, now));
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Some details are missing or wrong.', result.fields);
  }
  const coordinates =
    result.data.postcode === current.postcode
      ? { lat: current.lat, lng: current.lng }
      : await place(geocoder, result.data.postcode);
  const values = {
    ...toListingValues(result.data, coordinates),
    materialSources: await checkMaterialSources(
      db,
      { postcode: result.data.postcode, ...coordinates },
      result.data,
    ),
  };
  let isHeldForReview = false;
  await db.transaction(async (tx) => {
    // An edit that turns a listing into a moderated one is held as a new one would be.
    const moderated = await findModeratedOriginal(
      tx as unknown as Database,
      {
        postcode: values.postcode,
        addressLine1: values.addressLine1,
        title: values.title,
        description: values.description ?? '',
        mediaKeys: [],
        listingId: current.id,
      },
      now,
    );
    isHeldForReview = moderated !== undefined;
    await tx
      .update(listings)
      .set(moderated ? { ...values, status: 'paused', statusChangedAt: now } : values)
      .where(eq(listings.id, current.id));
    if (moderated) await holdRepostForReview(tx as unknown as Database, current.id, moderated, now);
    if (values.price !== current.price) {
      await tx
        .insert(listingPriceHistory)
        .values({ listingId: current.id, price: values.price, changedAt: now });
    }
  });
  return { id: current.id, isHeldForReview };
}
