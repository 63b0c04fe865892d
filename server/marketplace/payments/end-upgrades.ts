import {
  and,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { PURCHASABLE_STATUSES, canBuyUpgradeFor } from '../../../domain/payments/rules.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import { listings } from '../listings/schema.ts';
import type { Db } from './payment-records.ts';
import { upgrades } from './schema.ts';

/** Upgrades with something left: placement days to come, or uses not yet spent. */
const isLive = (now: Date) =>
  and(
    isNull(upgrades.endedEarlyAt),
    or(gt(upgrades.endsAt, now), lt(upgrades.usesSpent, upgrades.usesTotal)),
  );

/**
 * When a listing stops being public (paused, held by moderators, removed, deleted) or is no
 * longer on the market (sold STC, let agreed: upgrades are not sold for those either), its
 * upgrades end: no further placement, and the unused part becomes refundable. The listings
 * service (status change, delete) and moderation (pause, remove) call this after the change;
 * the sweep below catches anything they missed. A no-op while the listing is available or
 * under offer.
 */
export async function endUpgradesForListing(
  db: Db,
  options: { listingId: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  if (await isListingPublic(db, options.listingId)) return 0;
  const ended = await db
    .update(upgrades)
    .set({ endedEarlyAt: now, endedReason: 'listing_not_public' })
    .where(and(eq(upgrades.listingId, options.listingId), isLive(now)))
    .returning({ id: upgrades.id });
  return ended.length;
}

/**
 * A listing's upgrades follow its status: ended while it is not public (see above), and resumed
 * when it is public again — the days left when it stopped run from now, so pausing never costs
 * the lister placement time and never earns them a refund as well. The listings service and
 * moderation call this after every change of status.
 */
export async function alignUpgradesWithListing(
  db: Db,
  options: { listingId: number; now?: Date },
): Promise<{ ended: number; resumed: number }> {
  const now = options.now ?? new Date();
  if (!(await isListingPublic(db, options.listingId))) {
    return { ended: await endUpgradesForListing(db, { ...options, now }), resumed: 0 };
  }
  const resumed = await resumeUpgrades(db, eq(upgrades.listingId, options.listingId), now);
  return { ended: 0, resumed };
}

/**
 * Resumes upgrades that ended because their listing stopped being public: each placement's start
 * and end move on by the time it was off, so the days it had left run from `now`.
 */
async function resumeUpgrades(db: Db, which: SQL | undefined, now: Date): Promise<number> {
  const paused = sql`(${now.toISOString()}::timestamptz - ${upgrades.endedEarlyAt})`;
  const resumed = await db
    .update(upgrades)
    .set({
      startsAt: sql`case when ${upgrades.endsAt} is null then ${upgrades.startsAt} else ${upgrades.startsAt} + ${paused} end`,
      endsAt: sql`${upgrades.endsAt} + ${paused}`,
      endedEarlyAt: null,
      endedReason: null,
    })
    .where(
      and(
        which,
        eq(upgrades.endedReason, 'listing_not_public'),
        or(gt(upgrades.endsAt, upgrades.endedEarlyAt), lt(upgrades.usesSpent, upgrades.usesTotal)),
      ),
    )
    .returning({ id: upgrades.id });
  return resumed.length;
}

/** Whether upgrades are sold for the listing as it is now (available or under offer, not deleted). */
export async function isListingPublic(db: Db, listingId: number | null): Promise<boolean> {
  if (listingId === null) return false;
  const [listing] = await db
    .select({ status: listings.status, deletedAt: listings.deletedAt })
    .from(listings)
    .where(eq(listings.id, listingId));
  return (
    listing !== undefined &&
    canBuyUpgradeFor({ status: listing.status, isDeleted: listing.deletedAt !== null })
  );
}

/**
 * Ends every live upgrade whose listing is no longer public or on the market (or is gone), and
 * resumes those of listings public again: one statement each.
 */
export async function sweepUpgrades(db: Db, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const notPublic = db
    .select({ id: listings.id })
    .from(listings)
    .where(
      or(notInArray(listings.status, [...PURCHASABLE_STATUSES]), isNotNull(listings.deletedAt)),
    );
  const ended = await db
    .update(upgrades)
    .set({ endedEarlyAt: now, endedReason: 'listing_not_public' })
    .where(and(isLive(now), or(isNull(upgrades.listingId), inArray(upgrades.listingId, notPublic))))
    .returning({ id: upgrades.id });
  // And the other way: a listing made public again by a path that did not align its upgrades.
  const isPublic = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.status, [...PURCHASABLE_STATUSES]), isNull(listings.deletedAt)));
  await resumeUpgrades(db, inArray(upgrades.listingId, isPublic), now);
  return ended.length;
}

export const UPGRADE_SWEEP_JOB = 'payments-upgrade-sweep';

/** The durable sweep, every few minutes on one instance at a time (the job queue's slots). */
export function createUpgradeSweepJob(options: { db: Database; everyMs?: number }) {
  return defineJob({
    name: UPGRADE_SWEEP_JOB,
    payload: z.object({}),
    everyMs: options.everyMs ?? 5 * 60_000,
    async run(_payload, { logger }) {
      const ended = await sweepUpgrades(options.db);
      if (ended > 0)
        logger.info({ ended }, 'payments: upgrades of listings no longer public ended');
    },
  });
}
