import { and, eq, inArray, ne } from 'drizzle-orm';
import { ERASED_ACCOUNT_ID, ERASED_TEXT } from '../../../domain/admin/erased-account.ts';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { listingReports } from '../reports/schema.ts';
import { APPEAL_REPORTER } from './appeal-moderation.ts';
import { moderationAppeals } from './schema.ts';

/**
 * Erasure's step for moderation: the person's appeals stay as records of the decisions made on
 * them (Online Safety Act), but lose their id and the statement they wrote, as do the reports
 * that carried each appeal into the queue (`ownListingIds`: the listings they appealed for).
 */
export async function eraseAppeals(
  tx: ErasureTx,
  target: ErasureTarget,
  ownListingIds: number[],
): Promise<number> {
  const appeals = await tx
    .update(moderationAppeals)
    .set({ listerSub: ERASED_ACCOUNT_ID, statement: ERASED_TEXT })
    .where(eq(moderationAppeals.listerSub, target.sub))
    .returning({ id: moderationAppeals.id });
  if (ownListingIds.length) {
    await tx
      .update(listingReports)
      .set({ details: ERASED_TEXT })
      .where(
        and(
          inArray(listingReports.listingId, ownListingIds),
          eq(listingReports.reporterKey, APPEAL_REPORTER),
          ne(listingReports.details, ERASED_TEXT),
        ),
      );
  }
  return appeals.length;
}
