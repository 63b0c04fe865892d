import type { Router } from 'express';
import { mountContactApi } from './contact/api.ts';
import type { ContactService } from './contact/contact-service.ts';
import { mountListingsApi } from './listings/api.ts';
import type { Marketplace } from './marketplace.ts';
import { mountModerationApi } from './moderation/api.ts';
import { mountSearchApi } from './search/api.ts';

/**
 * Every `/api/v1` route, mounted in one place: the server and the OpenAPI test use this same
 * function, so the test sees exactly the routes production serves.
 */
export function mountMarketplaceApi(
  api: Router,
  parts: { marketplace: Marketplace; contact: ContactService },
): void {
  mountContactApi(api, parts.contact);
  mountSearchApi(api, parts.marketplace);
  mountListingsApi(api, parts.marketplace.listingService, parts.marketplace);
  mountModerationApi(api, parts.marketplace);
}
