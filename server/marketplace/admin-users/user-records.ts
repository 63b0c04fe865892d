import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { imageUrl } from '../../../domain/images.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import type { IdentityAdmin } from '../../identity-admin/identity-admin.ts';
import { savedSearches } from '../alerts/schema.ts';
import { enquiries } from '../enquiries/schema.ts';
import { viewings } from '../viewings/schema.ts';
import { favourites } from '../favourites/schema.ts';
import { listingMedia, listings } from '../listings/schema.ts';
import { latestConsent } from '../campaigns/marketing-consent.ts';
import { invoices, orders, payments } from '../payments/schema.ts';
import { reporterKeyOf } from '../reports/reporter-key.ts';
import { listingReports } from '../reports/schema.ts';
import { accountErasureRequests } from './schema.ts';

export interface UserListing {
  id: number;
  title: string;
  status: string;
  town: string;
  path: string;
  isDeleted: boolean;
  isOwnerSuspended: boolean;
  publishedAt: string | null;
}

export interface UserReport {
  id: number;
  listingId: number;
  reason: string;
  status: string;
  createdAt: string;
}

export interface UserPayment {
  orderId: number;
  productName: string;
  listingTitle: string;
  amountPence: number;
  refundedPence: number;
  status: string;
  paidAt: string | null;
}

/** What the marketplace holds on one account, for the admin's user page. */
export interface MarketRecord {
  listings: UserListing[];
  reportsMade: UserReport[];
  reportsReceived: UserReport[];
  enquiriesSent: number;
  enquiriesReceived: number;
  savedSearches: number;
  favourites: number;
  payments: UserPayment[];
  /**
   * Marketing consent (PECR): the latest choice (opt in or withdrawal) with its time and the
   * wording shown, from the campaigns' consent record; null: never asked.
   */
  marketingConsent: { isGranted: boolean; at: string; wording: string } | null;
  erasure: {
    requestedAt: string;
    dueAt: string;
    cancelledAt: string | null;
    completedAt: string | null;
  } | null;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

async function ownListings(db: Database, sub: string) {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      status: listings.status,
      town: listings.town,
      channel: listings.channel,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      deletedAt: listings.deletedAt,
      ownerSuspendedAt: listings.ownerSuspendedAt,
      publishedAt: listings.publishedAt,
    })
    .from(listings)
    .where(eq(listings.ownerSub, sub))
    .orderBy(desc(listings.id));
}

const reportColumns = {
  id: listingReports.id,
  listingId: listingReports.listingId,
  reason: listingReports.reason,
  status: listingReports.status,
  createdAt: listingReports.createdAt,
};

/** Reports the user made, and reports others made about the user's listings. */
async function reportsOf(db: Database, sub: string, ownIds: number[]) {
  const [made, received] = await Promise.all([
    db
      .select(reportColumns)
      .from(listingReports)
      .where(eq(listingReports.reporterKey, reporterKeyOf(sub)))
      .orderBy(desc(listingReports.id)),
    ownIds.length
      ? db
          .select(reportColumns)
          .from(listingReports)
          .where(
            and(
              inArray(listingReports.listingId, ownIds),
              // Not the system's own entries (review requests, appeals).
              sql`${listingReports.reporterKey} not like 'roost:%'`,
            ),
          )
          .orderBy(desc(listingReports.id))
      : Promise.resolve([]),
  ]);
  const toReport = (row: (typeof made)[number]): UserReport => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  });
  return { reportsMade: made.map(toReport), reportsReceived: received.map(toReport) };
}

async function activityCounts(db: Database, sub: string, ownIds: number[]) {
  const [[sent], [got], [searches], [favs]] = await Promise.all([
    db.select({ total: count() }).from(enquiries).where(eq(enquiries.senderSub, sub)),
    ownIds.length
      ? db.select({ total: count() }).from(enquiries).where(inArray(enquiries.listingId, ownIds))
      : Promise.resolve([{ total: 0 }]),
    db.select({ total: count() }).from(savedSearches).where(eq(savedSearches.ownerSub, sub)),
    db.select({ total: count() }).from(favourites).where(eq(favourites.userSub, sub)),
  ]);
  return {
    enquiriesSent: Number(sent?.total ?? 0),
    enquiriesReceived: Number(got?.total ?? 0),
    savedSearches: Number(searches?.total ?? 0),
    favourites: Number(favs?.total ?? 0),
  };
}

async function paymentsOf(db: Database, sub: string): Promise<UserPayment[]> {
  const paid = await db
    .select({
      orderId: orders.id,
      productName: orders.productName,
      listingTitle: orders.listingTitle,
      amountPence: orders.amountPence,
      refundedPence: sql<number>`coalesce(${payments.refundedPence}, 0)::int`,
      status: sql<string>`coalesce(${payments.status}::text, 'pending')`,
      paidAt: payments.paidAt,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.buyerSub, sub))
    .orderBy(desc(orders.id));
  return paid.map((row) => ({ ...row, paidAt: iso(row.paidAt) }));
}

async function erasureOf(db: Database, sub: string): Promise<MarketRecord['erasure']> {
  const [erasure] = await db
    .select()
    .from(accountErasureRequests)
    .where(eq(accountErasureRequests.userSub, sub));
  return erasure
    ? {
        requestedAt: erasure.requestedAt.toISOString(),
        dueAt: erasure.dueAt.toISOString(),
        cancelledAt: iso(erasure.cancelledAt),
        completedAt: iso(erasure.completedAt),
      }
    : null;
}

/** One query per area the admin page shows, run together. */
export async function marketRecordOf(db: Database, sub: string): Promise<MarketRecord> {
  const own = await ownListings(db, sub);
  const ownIds = own.map((row) => row.id);
  const [reports, counts, paid, erasure, consent] = await Promise.all([
    reportsOf(db, sub, ownIds),
    activityCounts(db, sub, ownIds),
    paymentsOf(db, sub),
    erasureOf(db, sub),
    latestConsent(db, sub),
  ]);
  return {
    listings: own.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      town: row.town,
      path: listingPath(row),
      isDeleted: row.deletedAt !== null,
      isOwnerSuspended: row.ownerSuspendedAt !== null,
      publishedAt: iso(row.publishedAt),
    })),
    ...reports,
    ...counts,
    payments: paid,
    marketingConsent: consent
      ? { isGranted: consent.isGranted, at: consent.at.toISOString(), wording: consent.wording }
      : null,
    erasure,
  };
}

/** Subs that own at least one listing, or whose listings have open or past reports. */
export async function subsWith(
  db: Database,
  what: 'listings' | 'reported',
  limit = 500,
): Promise<string[]> {
  const rows =
    what === 'listings'
      ? await db
          .selectDistinct({ sub: listings.ownerSub })
          .from(listings)
          .where(isNull(listings.deletedAt))
          .limit(limit)
      : await db
          .selectDistinct({ sub: listings.ownerSub })
          .from(listings)
          .innerJoin(listingReports, eq(listingReports.listingId, listings.id))
          .where(sql`${listingReports.reporterKey} not like 'roost:%'`)
          .limit(limit);
  return rows.map((row) => row.sub);
}

async function accountExport(identityAdmin: IdentityAdmin | undefined, sub: string) {
  const account = identityAdmin ? await identityAdmin.get(sub) : undefined;
  const signIns = identityAdmin && account ? await identityAdmin.signInHistory(sub, 60) : [];
  return {
    account: account
      ? {
          sub: account.sub,
          username: account.username,
          attributes: account.attributes,
          status: account.status,
          isEnabled: account.isEnabled,
          createdAt: account.createdAt,
          groups: account.groups,
          mfa: account.mfa,
        }
      : { sub, note: 'No account in the user pool.' },
    signInHistory: signIns,
  };
}

/** The user's listings with their photos, linked from the public site. */
async function listingsExport(db: Database, sub: string, base: string) {
  const own = await db.select().from(listings).where(eq(listings.ownerSub, sub));
  const ownIds = own.map((row) => row.id);
  const media = ownIds.length
    ? await db
        .select({
          listingId: listingMedia.listingId,
          kind: listingMedia.kind,
          blobKey: listingMedia.blobKey,
          caption: listingMedia.caption,
        })
        .from(listingMedia)
        .where(inArray(listingMedia.listingId, ownIds))
    : [];
  const exported = own.map(({ searchVector: _vector, ...row }) => ({
    ...row,
    url: `${base}${listingPath(row)}`,
    photos: media
      .filter((item) => item.listingId === row.id)
      .map((item) => ({
        kind: item.kind,
        caption: item.caption,
        url: `${base}${imageUrl(item.blobKey, 1920)}`,
      })),
  }));
  return { ownIds, listings: exported };
}

async function paymentsExport(db: Database, sub: string) {
  const orderRows = await db.select().from(orders).where(eq(orders.buyerSub, sub));
  const orderIds = orderRows.map((row) => row.id);
  const paymentRows = orderIds.length
    ? await db.select().from(payments).where(inArray(payments.orderId, orderIds))
    : [];
  const paymentIds = paymentRows.map((row) => row.id);
  const invoiceRows = paymentIds.length
    ? await db.select().from(invoices).where(inArray(invoices.paymentId, paymentIds))
    : [];
  return { orders: orderRows, payments: paymentRows, invoices: invoiceRows };
}

/** Everything Roost holds on one person (UK GDPR art. 15 / 20), as plain JSON. */
export async function exportUserData(
  db: Database,
  identityAdmin: IdentityAdmin | undefined,
  sub: string,
  publicUrl: string,
  now = new Date(),
) {
  const { account, signInHistory } = await accountExport(identityAdmin, sub);
  const base = publicUrl.replace(/\/+$/, '');
  const { ownIds, listings: ownListings } = await listingsExport(db, sub, base);
  const sent = await db.select().from(enquiries).where(eq(enquiries.senderSub, sub));
  const received = ownIds.length
    ? await db.select().from(enquiries).where(inArray(enquiries.listingId, ownIds))
    : [];
  const favs = await db.select().from(favourites).where(eq(favourites.userSub, sub));
  const viewingsBooked = await db.select().from(viewings).where(eq(viewings.bookerSub, sub));
  const viewingsOfYourHomes = ownIds.length
    ? await db.select().from(viewings).where(inArray(viewings.listingId, ownIds))
    : [];
  const searches = await db.select().from(savedSearches).where(eq(savedSearches.ownerSub, sub));
  const reports = await db
    .select()
    .from(listingReports)
    .where(eq(listingReports.reporterKey, reporterKeyOf(sub)));
  const paid = await paymentsExport(db, sub);
  const record = await marketRecordOf(db, sub);
  return {
    exportedAt: now.toISOString(),
    format: 'Roost personal data export, version 1',
    account,
    signInHistory,
    listings: ownListings,
    enquiriesSent: sent.map(({ senderHash: _hash, ...row }) => row),
    enquiriesReceived: received.map(({ senderHash: _hash, ...row }) => row),
    favourites: favs.map((row) => ({
      listingId: row.listingId,
      note: row.note,
      createdAt: row.createdAt,
    })),
    notes: favs
      .filter((row) => row.note)
      .map((row) => ({ listingId: row.listingId, note: row.note })),
    savedSearches: searches,
    viewingsBooked,
    viewingsOfYourHomes,
    reports,
    ...paid,
    consents: {
      marketingEmails: record.marketingConsent ?? 'never opted in',
    },
    erasureRequest: record.erasure,
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;
