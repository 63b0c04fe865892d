import { and, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { canBuyUpgradeFor } from '../../../domain/payments/rules.ts';
import { listings } from '../listings/schema.ts';
import type { Tx } from './payment-records.ts';
import { upgrades, type Order } from './schema.ts';

const DAY_MS = 86_400_000;
/** The first key of the per-listing advisory lock (the second is the listing id). */
const UPGRADES_LOCK = 7_306_612;

/**
 * Grants what a paid order bought, starting now (the buyer asked for that at checkout). A
 * placement bought while the same kind is still running starts when that one ends, so buying
 * twice gives twice the days. A bump is spent at once; an alert boost waits for the next alert.
 * If the listing stopped being public before the payment landed, the upgrades end at once and
 * their unused part is refundable.
 */
export async function grantUpgrades(tx: Tx, order: Order, now: Date): Promise<number> {
  if (order.listingId !== null) {
    // Two payments for one listing landing at once take turns, so the second stacks after the first.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${UPGRADES_LOCK}, ${order.listingId % 2_147_483_647}::integer)`,
    );
  }
  const [listing] = order.listingId
    ? await tx
        .select({ status: listings.status, deletedAt: listings.deletedAt })
        .from(listings)
        .where(eq(listings.id, order.listingId))
    : [];
  // Sold STC or let agreed meanwhile counts as no longer public: nothing left to promote.
  const isPublic =
    listing !== undefined &&
    canBuyUpgradeFor({ status: listing.status, isDeleted: listing.deletedAt !== null });
  const ended = isPublic ? {} : { endedEarlyAt: now, endedReason: 'listing_not_public' as const };

  for (const entitlement of order.entitlements) {
    if (entitlement.days !== undefined) {
      const startsAt = await nextStart(tx, order.listingId, entitlement.kind, now);
      await tx.insert(upgrades).values({
        orderId: order.id,
        listingId: order.listingId,
        kind: entitlement.kind,
        days: entitlement.days,
        startsAt,
        endsAt: new Date(startsAt.getTime() + entitlement.days * DAY_MS),
        ...ended,
      });
      continue;
    }
    const isSpentAtOnce = entitlement.kind === 'bump' && isPublic;
    await tx.insert(upgrades).values({
      orderId: order.id,
      listingId: order.listingId,
      kind: entitlement.kind,
      startsAt: now,
      usesTotal: entitlement.uses ?? 1,
      usesSpent: isSpentAtOnce ? 1 : 0,
      lastUsedAt: isSpentAtOnce ? now : null,
      ...ended,
    });
  }
  return order.entitlements.length;
}

async function nextStart(
  tx: Tx,
  listingId: number | null,
  kind: Order['entitlements'][number]['kind'],
  now: Date,
): Promise<Date> {
  if (listingId === null) return now;
  const [row] = await tx
    .select({ lastEnd: max(upgrades.endsAt) })
    .from(upgrades)
    .where(
      and(
        eq(upgrades.listingId, listingId),
        eq(upgrades.kind, kind),
        isNull(upgrades.endedEarlyAt),
        gt(upgrades.endsAt, now),
      ),
    );
  return row?.lastEnd && row.lastEnd > now ? row.lastEnd : now;
}
