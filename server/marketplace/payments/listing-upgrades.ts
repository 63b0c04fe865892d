import { and, asc, eq, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../../domain/session-user.ts';
import { canBuyUpgradeFor } from '../../../domain/payments/rules.ts';
import { AppError } from '../../http/app-error.ts';
import { listings } from '../listings/schema.ts';
import type { Db } from './payment-records.ts';
import { upgrades } from './schema.ts';

/**
 * An upgrade row of this placement kind running at `now`: started, not yet over, not ended
 * early. Search pins Featured homes and fills Showcase slots by it.
 */
export function placementRunningAt(kind: 'featured' | 'showcase', now: Date): SQL {
  return sql`${upgrades.kind} = ${kind} and ${upgrades.endedEarlyAt} is null and ${upgrades.startsAt} <= ${now} and ${upgrades.endsAt} > ${now}`;
}

export interface ListingPlacement {
  /** Featured / showcase placement running now, and until when. */
  featuredUntil: Date | undefined;
  showcaseUntil: Date | undefined;
  /** The latest bump: where the listing sits in 'Newest first'. */
  bumpedAt: Date | undefined;
  unusedBumps: number;
  unusedAlertBoosts: number;
}

/**
 * What the paid upgrades of some listings do now, for cards, search, the home page and the
 * lister's dashboard. Upgrades that ended early count for nothing.
 */
export async function listingPlacements(
  db: Db,
  options: { listingIds: number[]; now?: Date },
): Promise<Map<number, ListingPlacement>> {
  const now = options.now ?? new Date();
  const result = new Map<number, ListingPlacement>();
  if (options.listingIds.length === 0) return result;
  const rows = await db
    .select()
    .from(upgrades)
    .where(and(inArray(upgrades.listingId, options.listingIds), isNull(upgrades.endedEarlyAt)));
  for (const row of rows) {
    const id = row.listingId!;
    const placement = result.get(id) ?? {
      featuredUntil: undefined,
      showcaseUntil: undefined,
      bumpedAt: undefined,
      unusedBumps: 0,
      unusedAlertBoosts: 0,
    };
    const isRunning = row.startsAt <= now && row.endsAt !== null && row.endsAt > now;
    const later = (a: Date | undefined, b: Date) => (a && a > b ? a : b);
    if (row.kind === 'featured' && isRunning)
      placement.featuredUntil = later(placement.featuredUntil, row.endsAt!);
    if (row.kind === 'showcase' && isRunning)
      placement.showcaseUntil = later(placement.showcaseUntil, row.endsAt!);
    if (row.kind === 'bump' && row.lastUsedAt)
      placement.bumpedAt = later(placement.bumpedAt, row.lastUsedAt);
    const left = (row.usesTotal ?? 0) - row.usesSpent;
    if (row.kind === 'bump') placement.unusedBumps += Math.max(0, left);
    if (row.kind === 'alert_boost') placement.unusedAlertBoosts += Math.max(0, left);
    result.set(id, placement);
  }
  return result;
}

/** The lister spends one of their unused bumps (a bundle gives two): back to the top of 'Newest'. */
export async function applyBump(
  db: Db,
  options: { user: SessionUser | null; listingId: number; now?: Date },
): Promise<{ bumpedAt: Date }> {
  if (!options.user) throw new AppError('UNAUTHENTICATED', 'Sign in to bump your listing.');
  const now = options.now ?? new Date();
  const [listing] = await db
    .select({ ownerSub: listings.ownerSub, status: listings.status, deletedAt: listings.deletedAt })
    .from(listings)
    .where(eq(listings.id, options.listingId));
  if (!listing) throw new AppError('NOT_FOUND', 'No such listing.');
  if (listing.ownerSub !== options.user.userId) {
    throw new AppError('FORBIDDEN', 'Only the lister can bump this listing.');
  }
  if (!canBuyUpgradeFor({ status: listing.status, isDeleted: listing.deletedAt !== null })) {
    throw new AppError('CONFLICT', 'Only an available listing can be bumped.');
  }
  const [unused] = await db
    .select({ id: upgrades.id })
    .from(upgrades)
    .where(
      and(
        eq(upgrades.listingId, options.listingId),
        eq(upgrades.kind, 'bump'),
        isNull(upgrades.endedEarlyAt),
        lt(upgrades.usesSpent, upgrades.usesTotal),
        lte(upgrades.startsAt, now),
      ),
    )
    .orderBy(asc(upgrades.id))
    .limit(1);
  if (!unused) throw new AppError('CONFLICT', 'This listing has no unused bump.');
  const [spent] = await db
    .update(upgrades)
    .set({ usesSpent: sql`${upgrades.usesSpent} + 1`, lastUsedAt: now })
    .where(and(eq(upgrades.id, unused.id), lt(upgrades.usesSpent, upgrades.usesTotal)))
    .returning({ id: upgrades.id });
  if (!spent) throw new AppError('CONFLICT', 'That bump was just used. Try again.');
  return { bumpedAt: now };
}
