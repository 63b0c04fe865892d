import type { Logger } from './logger.ts';
import type { Marketplace } from './marketplace/marketplace.ts';

/**
 * What every React Router loader and action receives as `context`: the server's services, so
 * routes never open their own database handles (and tests can hand in their own).
 */
export interface RoostLoadContext {
  marketplace: Marketplace;
  logger: Logger;
  requestId: string;
}

declare module 'react-router' {
  // Declaration merging is how React Router types the load context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RoostLoadContext {}
}
