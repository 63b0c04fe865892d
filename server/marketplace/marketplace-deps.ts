import type { Database } from '../../db/client.ts';
import type { AbuseLimiter } from '../../limits/index.ts';
import type { SessionUser } from '../../domain/session-user.ts';
import type { IdentityAdmin } from '../identity-admin/identity-admin.ts';
import type { Logger } from '../logger.ts';
import type { SendEmail } from './enquiries/submit-enquiry.ts';
import type { MediaSettings } from './listing-media/add-draft-media.ts';
import type { Geocoder } from './search/geocoder.ts';

/** The marketplace's e-mails, by the tag the mailer files them under. */
export type MarketplaceMailTag =
  | 'listing-enquiry'
  | 'message-notification'
  | 'listing-moderation'
  | 'report-outcome'
  | 'contact-message'
  | 'marketing-campaign'
  | 'viewing';

/** What every area's service is built from (createMarketplace fills in defaults for tests). */
export interface MarketplaceDeps {
  db: Database;
  geocoder: Geocoder;
  /** The site's address, for links in e-mails. */
  publicUrl: string;
  logger: Logger;
  /**
   * Delivers one kind of e-mail, looked up on each message so delivery can be wired after
   * start-up; undefined: the message is stored and logged, not sent.
   */
  mail: (tag: MarketplaceMailTag) => SendEmail | undefined;
  media: MediaSettings;
  /**
   * Signs e-mailed links that act without signing in (alert unsubscribes, listing freshness
   * answers; see server/app-secret.ts); without it no such link is valid.
   */
  secret: Buffer | undefined;
  /** Drafts one address may start signed out in an hour (undefined: the default). */
  anonymousDraftsPerHour?: number | undefined;
  /** Enquiries one sender (IP or e-mail) may send in an hour, across all listings. */
  enquiryLimitPerHour: number;
  /** Messages one person may send in an hour, across all their conversations. */
  messageLimitPerHour: number;
  contact: { operatorEmail: string; limitPerHour: number };
  /**
   * The user pool's admin operations (admin portal, GDPR requests), read on each call because
   * the pool starts after the marketplace; undefined: user information is unavailable.
   */
  identityAdmin: () => IdentityAdmin | undefined;
  /** The shared store-backed limiter (identity's: database, or Redis with REDIS_URL). */
  limiter: AbuseLimiter;
  /** Photo and floorplan uploads one user (signed out: one address) may make in an hour. */
  uploadsPerHour: number;
  /** From this day (YYYY-MM-DD) a let in England needs its PRS Database number (unset: optional). */
  prsDatabaseRequiredFrom?: string | null | undefined;
}

/**
 * Every service method takes one options object whose `user` is the verified session user (never
 * an id from the request): ownership and roles are decided from it inside.
 */
export interface Visitor {
  /** Null when signed out. */
  user: SessionUser | null;
}

/** A call only a signed-in person may make; the route has already asked them to sign in. */
export interface SignedIn {
  user: SessionUser;
}

/** The listing a call is about. */
export interface OfListing {
  listingId: number;
}

/** Anyone writing about a listing (an enquiry, a report): limited per sender per hour. */
export interface SentAboutListing extends Visitor, OfListing {
  input: unknown;
  /** The sender's address, as Express sees it behind trusted proxies. */
  ip: string;
}
