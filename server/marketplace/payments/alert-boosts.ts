import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from './payment-records.ts';
import { upgrades } from './schema.ts';

/**
 * An alert boost covers one round of saved-search alerts: the first alert e-mail that carries
 * the listing spends it, and every alert e-mail sent within this time of that one (the rest of
 * the round: instant and daily alerts alike) shows it first too.
 */
export const ALERT_BOOST_ROUND_MS = 24 * 3_600_000;

/**
 * Which of these listings alerts should put first and mark 'Promoted': those with an unused
 * alert boost (`'unused'`, to be spent by the e-mail) or one spent within the round (`'round'`).
 */
export async function alertBoostsFor(
  db: Db,
  options: { listingIds: number[]; now?: Date },
): Promise<Map<number, 'unused' | 'round'>> {
  const now = options.now ?? new Date();
  const result = new Map<number, 'unused' | 'round'>();
  if (options.listingIds.length === 0) return result;
  const rows = await db
    .select({
      listingId: upgrades.listingId,
      lastUsedAt: upgrades.lastUsedAt,
      usesSpent: upgrades.usesSpent,
      usesTotal: upgrades.usesTotal,
    })
    .from(upgrades)
    .where(
      and(
        eq(upgrades.kind, 'alert_boost'),
        inArray(upgrades.listingId, options.listingIds),
        lte(upgrades.startsAt, now),
        or(
          and(isNull(upgrades.endedEarlyAt), lt(upgrades.usesSpent, upgrades.usesTotal)),
          gt(upgrades.lastUsedAt, new Date(now.getTime() - ALERT_BOOST_ROUND_MS)),
        ),
      ),
    );
  for (const row of rows) {
    const inRound =
      row.lastUsedAt !== null && row.lastUsedAt.getTime() > now.getTime() - ALERT_BOOST_ROUND_MS;
    if (inRound) result.set(row.listingId!, 'round');
    else if (!result.has(row.listingId!)) result.set(row.listingId!, 'unused');
  }
  return result;
}

/** Spends one unused alert boost of the listing (the oldest); false if none was left. */
export async function spendAlertBoost(
  db: Db,
  options: { listingId: number; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date();
  const unused = db
    .select({ id: upgrades.id })
    .from(upgrades)
    .where(
      and(
        eq(upgrades.listingId, options.listingId),
        eq(upgrades.kind, 'alert_boost'),
        isNull(upgrades.endedEarlyAt),
        lt(upgrades.usesSpent, upgrades.usesTotal),
        lte(upgrades.startsAt, now),
      ),
    )
    .orderBy(asc(upgrades.id))
    .limit(1);
  const spent = await db
    .update(upgrades)
    .set({ usesSpent: sql`${upgrades.usesSpent} + 1`, lastUsedAt: now })
    .where(and(inArray(upgrades.id, unused), lt(upgrades.usesSpent, upgrades.usesTotal)))
    .returning({ id: upgrades.id });
  return spent.length > 0;
}
