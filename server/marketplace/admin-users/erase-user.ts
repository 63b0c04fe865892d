import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { AbuseLimiter } from '../../../limits/index.ts';
import { ERASURE_KEPT } from '../../../domain/admin/erased-account.ts';
import type { IdentityAdmin } from '../../identity-admin/identity-admin.ts';
import type { BlobStore } from '../../media/blob-store.ts';
import { eraseAlerts } from '../alerts/erase-alerts.ts';
import { eraseMarketing } from '../campaigns/erase-marketing.ts';
import { eraseContactMessages } from '../contact/erase-contact-messages.ts';
import { eraseEnquiries } from '../enquiries/erase-enquiries.ts';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { eraseFavourites } from '../favourites/erase-favourites.ts';
import { eraseListings, ownListingIds } from '../listings/erase-listings.ts';
import { deleteUnreferencedBlobs } from '../listing-media/blob-references.ts';
import { userUploadLimitKey } from '../listing-media/media-service.ts';
import { eraseMessages } from '../messages/erase-messages.ts';
import { eraseAppeals } from '../moderation/erase-appeals.ts';
import { orders } from '../payments/schema.ts';
import { eraseReportsMade } from '../reports/erase-reports.ts';
import { eraseViewings } from '../viewings/erase-viewings.ts';
import { accountErasureRequests } from './schema.ts';

export interface ErasureSummary {
  listingsRemoved: number;
  photosRemoved: number;
  isListerProfileRemoved: boolean;
  messagesRemoved: number;
  enquiriesRedacted: number;
  repliesRedacted: number;
  favouritesDeleted: number;
  savedSearchesDeleted: number;
  reportsPseudonymised: number;
  appealsPseudonymised: number;
  contactMessagesDeleted: number;
  marketingConsentsDeleted: number;
  viewingsDeleted: number;
  ordersKept: number;
  isIdentityDeleted: boolean;
  kept: typeof ERASURE_KEPT;
}

/** The shared limiter's key for re-checking a password before self-service erasure. */
export const passwordCheckLimitKey = (sub: string) => `password-check:${sub}`;

/**
 * One step per area, in this order: messages before enquiries (signed-out enquiries are found
 * by the address the enquiry step redacts) and before listings (which hand the account's
 * listings to ERASED_ACCOUNT_ID); the listing ids are read first, while they are still theirs.
 */
async function eraseMarketRecords(tx: ErasureTx, target: ErasureTarget) {
  const ids = await ownListingIds(tx, target);
  const messagesRemoved = await eraseMessages(tx, target);
  const enquiries = await eraseEnquiries(tx, target, ids);
  const appealsPseudonymised = await eraseAppeals(tx, target, ids);
  const listings = await eraseListings(tx, target, ids);
  const favouritesDeleted = await eraseFavourites(tx, target);
  const savedSearchesDeleted = await eraseAlerts(tx, target);
  const reportsPseudonymised = await eraseReportsMade(tx, target);
  const contactMessagesDeleted = await eraseContactMessages(tx, target);
  const marketingConsentsDeleted = await eraseMarketing(tx, target);
  const viewingsDeleted = await eraseViewings(tx, target);
  // A pending self-service request ends here too: its address goes, the record of it stays.
  await tx
    .update(accountErasureRequests)
    .set({
      email: null,
      completedAt: sql`coalesce(${accountErasureRequests.completedAt}, ${target.now.toISOString()}::timestamptz)`,
    })
    .where(eq(accountErasureRequests.userSub, target.sub));
  const [kept] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.buyerSub, target.sub));
  return {
    blobKeys: listings.blobKeys,
    listingsRemoved: listings.listingsRemoved,
    photosRemoved: listings.photosRemoved,
    isListerProfileRemoved: listings.listerProfileRemoved,
    messagesRemoved,
    ...enquiries,
    favouritesDeleted,
    savedSearchesDeleted,
    reportsPseudonymised,
    appealsPseudonymised,
    contactMessagesDeleted,
    marketingConsentsDeleted,
    viewingsDeleted,
    ordersKept: Number(kept?.total ?? 0),
  };
}

/**
 * Erases one account (UK GDPR art. 17): everything the marketplace holds on it goes or loses
 * its link to the person (see each area's step), except what ERASURE_KEPT names; then the
 * photo files nothing else shows, its limiter counters and its identity in the user pool. Idempotent, so a retried job or a second
 * click does no harm, and a run that stopped half-way finishes on the next.
 */
export async function eraseUserData(
  db: Database,
  identityAdmin: IdentityAdmin | undefined,
  sub: string,
  options: {
    now?: Date;
    email?: string | null;
    limiter?: AbuseLimiter;
    blobs?: Pick<BlobStore, 'delete'>;
  } = {},
): Promise<ErasureSummary> {
  // The address finds what was sent signed out under it; once the identity is gone (a re-run),
  // only the address the erasure request recorded is left to ask.
  const account = await identityAdmin?.get(sub);
  const target: ErasureTarget = {
    sub,
    email: account?.email ?? options.email ?? null,
    now: options.now ?? new Date(),
  };
  const { blobKeys, ...summary } = await db.transaction((tx) => eraseMarketRecords(tx, target));
  if (options.blobs) await deleteUnreferencedBlobs(db, options.blobs, blobKeys);
  await options.limiter?.forget([passwordCheckLimitKey(sub), userUploadLimitKey(sub)]);
  // After the database: the pool's own tables may share the database (PGlite takes one
  // transaction at a time). Deleting a missing user is not an error, so a retry completes.
  if (identityAdmin) await identityAdmin.delete(sub);
  return { ...summary, isIdentityDeleted: identityAdmin !== undefined, kept: ERASURE_KEPT };
}
