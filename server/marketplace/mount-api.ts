import type { Router } from 'express';
import { mountContactApi } from './contact/api.ts';
import { mountListingsApi } from './listings/api.ts';
import type { Marketplace } from './marketplace.ts';
import { mountMessagesApi } from './messages/api.ts';
import { mountModerationApi } from './moderation/api.ts';
import { mountPaymentsApi } from './payments/api.ts';
import { mountSearchApi } from './search/api.ts';

/**
 * Every `/api/v1` route, mounted in one place: the server and the OpenAPI test use this same
 * function, so the test sees exactly the routes production serves.
 */
export function mountMarketplaceApi(api: Router, marketplace: Marketplace): void {
  mountContactApi(api, marketplace);
  mountSearchApi(api, marketplace);
  mountListingsApi(api, marketplace);
  mountMessagesApi(api, marketplace);
  mountModerationApi(api, marketplace);
  mountPaymentsApi(api, marketplace.payments);
}
