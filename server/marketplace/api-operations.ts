import type { ApiOperation } from '../http/api-operation.ts';
import { savedSearchOperations } from './alerts/api.ts';
import { contactOperations } from './contact/api.ts';
import { enquiryOperations } from './enquiries/api.ts';
import { favouriteOperations } from './favourites/api.ts';
import { listingOperations } from './listings/api.ts';
import { draftOperations } from './listings/drafts-api.ts';
import type { Marketplace } from './marketplace.ts';
import { messageOperations } from './messages/api.ts';
import { moderationOperations } from './moderation/api.ts';
import { paymentOperations } from './payments/api.ts';
import { reportOperations } from './reports/api.ts';
import { searchOperations } from './search/api.ts';

/**
 * Every marketplace operation of `/api/v1`, in mounting order. Each is declared beside its
 * handler (the area's api.ts); the OpenAPI document is generated from this list.
 */
export const marketplaceOperations: readonly ApiOperation<Marketplace>[] = [
  ...contactOperations,
  ...searchOperations,
  ...draftOperations,
  ...listingOperations,
  ...enquiryOperations,
  ...reportOperations,
  ...favouriteOperations,
  ...savedSearchOperations,
  ...messageOperations,
  ...moderationOperations,
  ...paymentOperations,
];
