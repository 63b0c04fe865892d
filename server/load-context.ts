import type { SessionUser } from '../domain/session-user.ts';
import type { SiteConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { Marketplace } from './marketplace/marketplace.ts';

/**
 * What every React Router loader and action receives as `context`: the marketplace's services
 * (one per area), so routes never open their own database handles (and tests can hand in their own).
 */
export interface RoostLoadContext {
  marketplace: Marketplace;
  logger: Logger;
  requestId: string;
  /** The signed-in user (ID token from the Amplify cookie, verified by JWKS), or null. */
  user: SessionUser | null;
  /** Public site facts for the shell (company, blog, social links). */
  site: SiteConfig;
  /** The client's address as Express sees it (behind trusted proxies), for rate limits. */
  clientIp: string;
  /**
   * This response's Content-Security-Policy nonce, for the inline scripts the page renderer
   * writes (`app/entry.server.tsx`); added by the page handler, not by `getLoadContext`.
   */
  cspNonce?: string | undefined;
}

declare module 'react-router' {
  // Declaration merging is how React Router types the load context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RoostLoadContext {}
}
