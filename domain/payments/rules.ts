import type { ListingStatus } from '../listing/enums.ts';
import { CANCELLATION_DAYS } from './cancellation.ts';

/**
 * Who may buy what, for which listing. Upgrades only add visibility, so they are sold only for
 * listings people can see and act on: not drafts, paused (by the lister or held by moderators),
 * removed, sold STC or let agreed listings.
 */
export const PURCHASABLE_STATUSES = [
  'active',
  'under_offer',
] as const satisfies readonly ListingStatus[];

export function canBuyUpgradeFor(listing: { status: string; isDeleted?: boolean }): boolean {
  return !listing.isDeleted && (PURCHASABLE_STATUSES as readonly string[]).includes(listing.status);
}

/** Why a listing cannot have an upgrade, in words for the lister. */
export function whyNotPurchasable(status: string): string {
  switch (status) {
    case 'paused':
      return 'This listing is paused. Make it available again before buying an upgrade.';
    case 'sold_stc':
      return 'This home is sold subject to contract, so an upgrade would not help.';
    case 'let_agreed':
      return 'This home is let agreed, so an upgrade would not help.';
    case 'draft':
      return 'Publish this listing before buying an upgrade.';
    default:
      return 'This listing is not on Roost, so it cannot have an upgrade.';
  }
}

/**
 * The buyer's express request, at checkout, for the upgrade to start at once (Consumer Contracts
 * Regulations 2013, reg. 36): stored word for word with the order, with the time it was given.
 */
export const IMMEDIATE_START_WORDING = `Start my upgrade straight away. I understand that if I cancel within ${CANCELLATION_DAYS} days I will get back only the unused part.`;
