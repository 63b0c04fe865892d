import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isHeldByModeration } from '../moderation/moderation-hold.ts';
import { alignUpgradesWithListing } from '../payments/end-upgrades.ts';
import {
  readFreshnessToken,
  type FreshnessAction,
  type FreshnessClaim,
} from './freshness-token.ts';
import { FRESHNESS_RULES } from './keep-listings-fresh.ts';
import { listings, listingStatusHistory, type Listing } from './schema.ts';

/** Why a link from the 'Is it still available?' e-mail cannot be acted on. */
export type FreshnessRefusal =
  /** Answered already: by this link, the other one, or from the account. */
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  /** Deleted, removed, or held by moderators: only the account can change it now. */
  | { kind: 'not-live' };

export type FreshnessLinkState =
  | { kind: 'ready'; action: FreshnessAction; title: string; channel: Listing['channel'] }
  | FreshnessRefusal;

export type FreshnessAnswer =
  | { kind: 'kept'; title: string; liveUntil: string }
  | { kind: 'agreed'; title: string; status: 'sold_stc' | 'let_agreed' }
  | FreshnessRefusal;

interface LinkOptions {
  secret: Buffer | undefined;
  token: string;
  now?: Date;
}

const AGREED = new Set<Listing['status']>(['under_offer', 'sold_stc', 'let_agreed']);

/** What the link's page offers (GET): it never acts, as mail scanners open every link. */
export async function checkFreshnessLink(
  db: Database,
  options: LinkOptions,
): Promise<FreshnessLinkState> {
  const checked = await checkClaim(db, options);
  if ('kind' in checked) return checked;
  const { listing, claim } = checked;
  return { kind: 'ready', action: claim.action, title: listing.title, channel: listing.channel };
}

/**
 * The lister's one-click answer, signed out: 'keep' confirms the listing (and puts it back on
 * Roost if the freshness job paused it meanwhile); 'agreed' marks it sold STC or let agreed.
 * The update only matches while the question the link was made for is still open, so a second
 * use, or a race between two, changes nothing.
 */
export async function answerFreshness(
  db: Database,
  options: LinkOptions,
): Promise<FreshnessAnswer> {
  const now = options.now ?? new Date();
  const checked = await checkClaim(db, { ...options, now });
  if ('kind' in checked) return checked;
  const { listing, claim } = checked;
  const status = claim.action === 'keep' ? 'active' : agreedStatusOf(listing.channel);
  const isAnswered = await db.transaction(async (tx) => {
    const updated = await tx
      .update(listings)
      .set({
        status,
        confirmedAt: now,
        ...(status === 'active' ? { confirmRequestedAt: null } : {}),
        ...(status === listing.status ? {} : { statusChangedAt: now }),
      })
      .where(
        and(
          eq(listings.id, listing.id),
          eq(listings.status, listing.status),
          eq(listings.confirmRequestedAt, claim.requestedAt),
          isNull(listings.deletedAt),
        ),
      )
      .returning({ id: listings.id });
    if (updated.length === 0) return false;
    if (status !== 'active') {
      await tx
        .insert(listingStatusHistory)
        .values({ listingId: listing.id, event: status, changedAt: now });
    }
    return true;
  });
  if (!isAnswered) return { kind: 'used' };
  // Back on Roost: its paid upgrades' remaining days resume; agreed: they end.
  await alignUpgradesWithListing(db, { listingId: listing.id, now });
  if (status !== 'active') return { kind: 'agreed', title: listing.title, status };
  const liveUntil = now.getTime() + FRESHNESS_RULES.confirmEveryMs + FRESHNESS_RULES.answerWithinMs;
  return { kind: 'kept', title: listing.title, liveUntil: new Date(liveUntil).toISOString() };
}

export function agreedStatusOf(channel: Listing['channel']): 'sold_stc' | 'let_agreed' {
  return channel === 'sale' ? 'sold_stc' : 'let_agreed';
}

/** The listing and the token's claim, if the question it answers is still open. */
async function checkClaim(
  db: Database,
  { secret, token, now = new Date() }: LinkOptions,
): Promise<{ listing: Listing; claim: FreshnessClaim } | FreshnessRefusal> {
  if (!secret) return { kind: 'invalid' };
  const reading = readFreshnessToken(secret, token, now);
  if (reading.kind !== 'valid') return { kind: reading.kind };
  const [listing] = await db.select().from(listings).where(eq(listings.id, reading.listingId));
  if (!listing || listing.deletedAt) return { kind: 'not-live' };
  const asked = listing.confirmRequestedAt;
  const isOpen =
    asked !== null &&
    asked.getTime() === reading.requestedAt.getTime() &&
    (listing.confirmedAt === null || listing.confirmedAt < asked);
  if (!isOpen || AGREED.has(listing.status)) return { kind: 'used' };
  if (!(await isAnswerable(db, listing, asked))) return { kind: 'not-live' };
  return { listing, claim: reading };
}

/**
 * Active, or paused since the question (by the freshness job or the lister) and not by
 * moderators or the let rules check: those only come back through the account.
 */
async function isAnswerable(db: Database, listing: Listing, askedAt: Date): Promise<boolean> {
  if (listing.status === 'active') return true;
  if (listing.status !== 'paused' || listing.statusChangedAt < askedAt) return false;
  if (listing.letRuleIssues) return false;
  return !(await isHeldByModeration(db, listing.id));
}
