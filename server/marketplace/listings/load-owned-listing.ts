import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { listings, type Listing } from './schema.ts';

/**
 * The listing, if `ownerSub` owns it. Someone else's listing answers 404 rather than 403, so
 * ids cannot be probed for ownership. Soft-deleted listings only with `includeDeleted`.
 */
export async function loadOwnedListing(
  db: Database,
  id: number,
  ownerSub: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Listing> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', 'No such listing.');
  const [row] = await db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.id, id),
        eq(listings.ownerSub, ownerSub),
        options.includeDeleted ? undefined : isNull(listings.deletedAt),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', 'No such listing, or it is not yours.');
  return row;
}
