import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import {
  cardOrWithdrawn,
  isShownOnCards,
  type WithdrawnCard,
} from '../../../domain/listing/visibility.ts';
import { enquiries } from '../enquiries/schema.ts';
import { displayNameOf } from '../listings/lister-profile.ts';
import { listingMedia as m, listers, listings } from '../listings/schema.ts';
import type { Listing } from '../listings/schema.ts';
import { messageThreads as t } from './schema.ts';

export interface AdvertisedThreadListing {
  id: number;
  isAdvertised: true;
  title: string;
  channel: Listing['channel'];
  price: number;
  priceQualifier: Listing['priceQualifier'];
  rentPeriod: Listing['rentPeriod'];
  /** The property page, or null once the listing has left Roost. */
  path: string | null;
  cover: { key: string; width: number; height: number } | null;
}

/** The enquirer sees a listing no longer public as withdrawn; its lister still sees their own. */
export type ThreadListing = AdvertisedThreadListing | WithdrawnCard;

export interface ThreadSummary {
  id: number;
  role: ParticipantRole;
  listing: ThreadListing;
  /** The other party's public name (first name and initial); never an e-mail address. */
  otherName: string;
  lastMessageAt: string;
  isUnread: boolean;
}

/** The listing columns a thread shows, with its first photo as a thumbnail. */
export const threadListingColumns = {
  listingId: listings.id,
  title: listings.title,
  channel: listings.channel,
  price: listings.price,
  priceQualifier: listings.priceQualifier,
  rentPeriod: listings.rentPeriod,
  bedrooms: listings.bedrooms,
  propertyType: listings.propertyType,
  town: listings.town,
  status: listings.status,
  deletedAt: listings.deletedAt,
  ownerSuspendedAt: listings.ownerSuspendedAt,
  cover: sql<
    AdvertisedThreadListing['cover']
  >`(select json_build_object('key', ${m.blobKey}, 'width', ${m.width}, 'height', ${m.height}) from ${m} where ${m.listingId} = ${listings.id} and ${m.kind} = 'photo' order by ${m.position} limit 1)`,
  enquirerName: enquiries.name,
  listerName: listers.displayName,
};

interface ListingRow {
  listingId: number;
  title: string;
  channel: Listing['channel'];
  price: number;
  priceQualifier: Listing['priceQualifier'];
  rentPeriod: Listing['rentPeriod'];
  bedrooms: number;
  propertyType: Listing['propertyType'];
  town: string;
  status: Listing['status'];
  deletedAt: Date | null;
  ownerSuspendedAt: Date | null;
  cover: AdvertisedThreadListing['cover'];
  enquirerName: string;
  listerName: string | null;
}

export function toThreadListing(row: ListingRow, role: ParticipantRole): ThreadListing {
  const card = cardOrWithdrawn({ ...row, id: row.listingId }, { isOwner: role === 'lister' });
  if (!card.isAdvertised) return card;
  return {
    id: row.listingId,
    isAdvertised: true,
    title: row.title,
    channel: row.channel,
    price: row.price,
    priceQualifier: row.priceQualifier,
    rentPeriod: row.rentPeriod,
    path: isShownOnCards(row) ? listingPath({ ...row, id: row.listingId }) : null,
    cover: row.cover,
  };
}

/** The other party's name as `role` sees it. */
export function otherNameOf(row: ListingRow, role: ParticipantRole): string {
  return role === 'lister'
    ? displayNameOf(row.enquirerName)
    : (row.listerName ?? displayNameOf(undefined));
}

/** The user's conversations, as enquirer and as lister, newest activity first. */
export async function listThreads(db: Database, userSub: string): Promise<ThreadSummary[]> {
  const rows = await db
    .select({
      id: t.id,
      listerSub: t.listerSub,
      lastMessageAt: t.lastMessageAt,
      lastSenderRole: t.lastSenderRole,
      enquirerReadAt: t.enquirerReadAt,
      listerReadAt: t.listerReadAt,
      ...threadListingColumns,
    })
    .from(t)
    .innerJoin(listings, eq(listings.id, t.listingId))
    .innerJoin(enquiries, eq(enquiries.id, t.enquiryId))
    .leftJoin(listers, eq(listers.sub, t.listerSub))
    .where(or(eq(t.enquirerSub, userSub), eq(t.listerSub, userSub)))
    .orderBy(desc(t.lastMessageAt), desc(t.id))
    .limit(200);
  return rows.map((row) => {
    const role: ParticipantRole = row.listerSub === userSub ? 'lister' : 'enquirer';
    const readAt = role === 'lister' ? row.listerReadAt : row.enquirerReadAt;
    return {
      id: row.id,
      role,
      listing: toThreadListing(row, role),
      otherName: otherNameOf(row, role),
      lastMessageAt: row.lastMessageAt.toISOString(),
      isUnread: row.lastSenderRole !== role && (!readAt || readAt < row.lastMessageAt),
    };
  });
}
