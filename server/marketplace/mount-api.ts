import type { Router } from 'express';
import { mountOperations } from '../http/api-operation.ts';
import type { Marketplace } from './marketplace.ts';
import { apiOperations } from './openapi/document.ts';

/**
 * Every `/api/v1` route, mounted in one place from the operations the OpenAPI document is
 * generated from: the server and the OpenAPI test use this same function, so the test sees
 * exactly the routes production serves.
 */
export function mountMarketplaceApi(api: Router, marketplace: Marketplace): void {
  mountOperations(api, apiOperations, marketplace);
}
