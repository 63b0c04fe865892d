import { isPublicStatus, type ListingStatus } from './enums.ts';

/**
 * Who may see a listing on its public page and through `GET /api/v1/listings/:id`: one rule for
 * both.
 * - `public`: on Roost for everyone (available, under offer, sold STC, let agreed).
 * - `hidden`: answers 404 — a draft, paused (by its lister or held by moderators, who pause), or
 *   its lister's account is disabled by an administrator (until re-enabled).
 * - `gone`: answers 410 — removed by moderators or deleted by its lister.
 *
 * The lister still sees their own through the owner routes (`/my-account`, `/api/v1/me/listings`).
 */
export type ListingVisibility = 'public' | 'hidden' | 'gone';

export function listingVisibility(listing: {
  status: ListingStatus | string;
  deletedAt?: Date | string | null;
  ownerSuspendedAt?: Date | string | null;
}): ListingVisibility {
  if (listing.deletedAt) return 'gone';
  if (isPublicStatus(listing.status)) return listing.ownerSuspendedAt ? 'hidden' : 'public';
  return listing.status === 'removed' ? 'gone' : 'hidden';
}

/** The HTTP status a visitor gets for a listing that is not public. */
export const HIDDEN_LISTING_STATUS = { hidden: 404, gone: 410 } as const;

/** The visibility columns of a listing, as every card query selects them. */
export interface VisibilityFields {
  status: ListingStatus | string;
  deletedAt?: Date | string | null;
  ownerSuspendedAt?: Date | string | null;
}

/**
 * Whether a card (favourites, alert e-mails, message threads, lister profiles) may show the
 * listing's content. Ids are sequential, so anything else would let anyone read removed scams by
 * favouriting or messaging about them; the lister still sees their own.
 */
export function isShownOnCards(listing: VisibilityFields, options: { isOwner?: boolean } = {}) {
  return options.isOwner === true || listingVisibility(listing) === 'public';
}

/** What is shown in place of a listing that is no longer public. */
export const NO_LONGER_ADVERTISED = 'This home is no longer advertised';

/** A card for a listing that is no longer public: its id (to remove it) and nothing else. */
export interface WithdrawnCard {
  id: number;
  isAdvertised: false;
}

/** A public listing's card: its own fields (status too, for the 'Sold STC' badge). */
export type AdvertisedCard<T> = Omit<T, 'deletedAt' | 'ownerSuspendedAt'> & { isAdvertised: true };

/**
 * The card for a listing: its content while it is public (or for its owner), else only its id —
 * never title, price, address, rooms or photo.
 */
export function cardOrWithdrawn<T extends VisibilityFields & { id: number }>(
  listing: T,
  options: { isOwner?: boolean } = {},
): AdvertisedCard<T> | WithdrawnCard {
  if (!isShownOnCards(listing, options)) return { id: listing.id, isAdvertised: false };
  const { deletedAt: _deletedAt, ownerSuspendedAt: _suspended, ...rest } = listing;
  return { ...rest, isAdvertised: true };
}

/** A card's heading: its title, or the notice for a listing no longer public. */
export function listingTitleOf(
  card: { isAdvertised: true; title: string } | WithdrawnCard | undefined,
): string | undefined {
  if (!card) return undefined;
  return card.isAdvertised ? card.title : NO_LONGER_ADVERTISED;
}
