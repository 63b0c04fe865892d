import { and, inArray, isNull } from 'drizzle-orm';
import { PUBLIC_STATUSES } from '../../../domain/listing/enums.ts';
import { listings } from './schema.ts';

/**
 * SQL for `listingVisibility(...) === 'public'` (domain/listing/visibility.ts): a public status,
 * not deleted, its lister not suspended. For queries that must only ever pick public listings.
 */
export function isPublicListingSql() {
  return and(
    inArray(listings.status, [...PUBLIC_STATUSES]),
    isNull(listings.deletedAt),
    isNull(listings.ownerSuspendedAt),
  )!;
}

/** The columns `cardOrWithdrawn` reads, beside a query's card columns. */
export const visibilityColumns = {
  status: listings.status,
  deletedAt: listings.deletedAt,
  ownerSuspendedAt: listings.ownerSuspendedAt,
};
