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
