import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { IdentityAdmin } from '../../identity-admin/identity-admin.ts';
import { hiddenListings, savedSearches } from '../alerts/schema.ts';
import { enquiries } from '../enquiries/schema.ts';
import { favourites } from '../favourites/schema.ts';
import { listingMedia, listings } from '../listings/schema.ts';
import { orders } from '../payments/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { reporterKeyOf } from './user-records.ts';

/** What erasure kept, and the law that requires it; shown to the admin and the user. */
export const ERASURE_KEPT = [
  {
    what: 'Orders, payments, invoices and refunds (with the name and e-mail on the invoice)',
    why: 'VAT and company records must be kept for six years (VAT Act 1994 sch. 11 para. 6; Companies Act 2006 s. 388).',
  },
  {
    what: 'Moderation decisions and the reports behind them (reporter identity replaced by a random key)',
    why: 'The Online Safety Act 2023 requires records of complaints and of the action taken on them.',
  },
  {
    what: 'The admin audit log entries about this account',
    why: 'Accountability for administrators’ actions (UK GDPR art. 5(2)); they hold only the account id and the reason.',
  },
] as const;

export interface ErasureSummary {
  listingsRemoved: number;
  photosRemoved: number;
  enquiriesRedacted: number;
  repliesRedacted: number;
  favouritesDeleted: number;
  savedSearchesDeleted: number;
  reportsPseudonymised: number;
  ordersKept: number;
  isIdentityDeleted: boolean;
  kept: typeof ERASURE_KEPT;
}

const REDACTED = '[erased]';

/**
 * Erases one account (UK GDPR art. 17): listings removed (photos and address gone; the row stays
 * for the moderation records and is purged with other deleted listings), messages redacted,
 * favourites, notes and saved searches deleted, reports made pseudonymised, and the identity
 * deleted from the user pool. Idempotent, so a retried job or a second click does no harm.
 */
export async function eraseUserData(
  db: Database,
  identityAdmin: IdentityAdmin | undefined,
  sub: string,
  now = new Date(),
): Promise<ErasureSummary> {
  const summary = await db.transaction(async (tx) => {
    const own = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.ownerSub, sub));
    const ownIds = own.map((row) => row.id);
    let photosRemoved = 0;
    let repliesRedacted = 0;
    if (ownIds.length) {
      photosRemoved = (
        await tx
          .delete(listingMedia)
          .where(inArray(listingMedia.listingId, ownIds))
          .returning({ id: listingMedia.id })
      ).length;
      await tx
        .update(listings)
        .set({
          status: 'removed',
          deletedAt: sql`coalesce(${listings.deletedAt}, ${now.toISOString()}::timestamptz)`,
          title: REDACTED,
          description: '',
          keyFeatures: [],
          addressLine1: REDACTED,
          addressLine2: null,
          contactEmail: null,
          tours: [],
          isFullAddressShown: false,
          statusChangedAt: now,
        })
        .where(inArray(listings.id, ownIds));
      // Their replies to enquiries are their words; the enquirers' own messages stay theirs.
      repliesRedacted = (
        await tx
          .update(enquiries)
          .set({ reply: REDACTED })
          .where(and(inArray(enquiries.listingId, ownIds), isNotNull(enquiries.reply)))
          .returning({ id: enquiries.id })
      ).length;
    }
    const enquiriesRedacted = (
      await tx
        .update(enquiries)
        .set({
          senderSub: null,
          name: REDACTED,
          email: REDACTED,
          phone: null,
          message: REDACTED,
          viewingTimes: [],
        })
        .where(eq(enquiries.senderSub, sub))
        .returning({ id: enquiries.id })
    ).length;
    const favouritesDeleted = (
      await tx
        .delete(favourites)
        .where(eq(favourites.userSub, sub))
        .returning({ id: favourites.listingId })
    ).length;
    await tx.delete(hiddenListings).where(eq(hiddenListings.ownerSub, sub));
    const savedSearchesDeleted = (
      await tx
        .delete(savedSearches)
        .where(eq(savedSearches.ownerSub, sub))
        .returning({ id: savedSearches.id })
    ).length;
    const made = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(eq(listingReports.reporterKey, reporterKeyOf(sub)));
    for (const report of made) {
      await tx
        .update(listingReports)
        .set({ reporterKey: `erased:${randomUUID()}` })
        .where(eq(listingReports.id, report.id));
    }
    const [kept] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.buyerSub, sub));
    return {
      listingsRemoved: ownIds.length,
      photosRemoved,
      enquiriesRedacted,
      repliesRedacted,
      favouritesDeleted,
      savedSearchesDeleted,
      reportsPseudonymised: made.length,
      ordersKept: Number(kept?.total ?? 0),
    };
  });
  // After the database: the pool's own tables may share the database (PGlite takes one
  // transaction at a time). Deleting a missing user is not an error, so a retry completes.
  if (identityAdmin) await identityAdmin.delete(sub);
  return { ...summary, isIdentityDeleted: identityAdmin !== undefined, kept: ERASURE_KEPT };
}
