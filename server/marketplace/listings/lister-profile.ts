import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { findContactDetails } from '../../../domain/contact-details/contact-details.ts';
import { enquiries } from '../enquiries/schema.ts';
import { summaryColumns, toSummaries, type ListingSummary } from './listing-summary.ts';
import { isPublicListingSql } from './public-listing-sql.ts';
import { listers, listings } from './schema.ts';

/** Response figures look back this far, so an old habit does not stick for ever. */
const RESPONSE_WINDOW_DAYS = 365;

/**
 * 'Lena Lister' → 'Lena L.'; no name → 'Private lister'. No surname, no e-mail, ever; a name
 * carrying contact details (a phone number or handle typed as a name) is not shown at all.
 */
export function displayNameOf(name: string | undefined): string {
  const hasContactDetails = findContactDetails(name ?? '').length > 0;
  const words = (hasContactDetails ? '' : (name ?? '')).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Private lister';
  const first = words[0]!.slice(0, 40);
  const last = words.length > 1 ? ` ${words.at(-1)!.charAt(0).toUpperCase()}.` : '';
  return `${first}${last}`;
}

/** Records (or renames) the lister when they publish, so their listings can link a profile. */
export async function rememberLister(
  db: Database,
  lister: { sub: string; name: string | undefined },
  now = new Date(),
): Promise<void> {
  const displayName = displayNameOf(lister.name);
  await db
    .insert(listers)
    .values({
      sub: lister.sub,
      publicId: randomBytes(9).toString('base64url'),
      displayName,
      createdAt: now,
    })
    .onConflictDoUpdate({ target: listers.sub, set: { displayName } });
}

export interface ListerProfile {
  publicId: string;
  displayName: string;
  /** The earlier of the profile and the lister's first listing (ISO). */
  memberSince: string;
  /** Enquiries in the last year, and how many the lister answered and how fast (median hours). */
  enquiries: number;
  responseRate: number | null;
  medianResponseHours: number | null;
  listings: ListingSummary[];
}

/** A lister's public page: never their e-mail, phone or full name. */
export async function getListerProfile(
  db: Database,
  publicId: string,
  now = new Date(),
): Promise<ListerProfile | undefined> {
  if (!/^[\w-]{1,40}$/.test(publicId)) return undefined;
  const [lister] = await db.select().from(listers).where(eq(listers.publicId, publicId));
  if (!lister) return undefined;
  const [first] = await db
    .select({ at: sql<Date | null>`min(${listings.createdAt})` })
    .from(listings)
    .where(eq(listings.ownerSub, lister.sub));
  const firstListing = first?.at ? new Date(first.at) : null;
  const memberSince =
    firstListing && firstListing < lister.createdAt ? firstListing : lister.createdAt;
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
  const asked = await db
    .select({ createdAt: enquiries.createdAt, repliedAt: enquiries.repliedAt })
    .from(enquiries)
    .innerJoin(listings, eq(listings.id, enquiries.listingId))
    .where(and(eq(listings.ownerSub, lister.sub), gt(enquiries.createdAt, since)))
    .orderBy(asc(enquiries.createdAt));
  const hours = asked
    .filter((row) => row.repliedAt)
    .map((row) => (row.repliedAt!.getTime() - row.createdAt.getTime()) / 3_600_000)
    .sort((a, b) => a - b);
  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(and(eq(listings.ownerSub, lister.sub), isPublicListingSql()))
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(24);
  return {
    publicId: lister.publicId,
    displayName: lister.displayName,
    memberSince: memberSince.toISOString(),
    enquiries: asked.length,
    responseRate: asked.length ? Math.round((hours.length / asked.length) * 100) : null,
    medianResponseHours: hours.length ? median(hours) : null,
    listings: toSummaries(rows),
  };
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}
