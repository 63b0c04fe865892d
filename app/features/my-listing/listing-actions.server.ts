import { labelOf } from '@domain/labels';
import type { SessionUser } from '@domain/session-user';
import { dispatchIntent, formText, formValues } from '../../../server/http/form-submission';
import type { Marketplace } from '../../../server/marketplace/marketplace';

/**
 * What the owner's manage-listing page can do, one small handler per form (`intent`). Each calls
 * the service, which checks ownership and validates the fields with its schema, and says what
 * happened; a failure is thrown on for the page to show.
 */
export interface ListingActionContext {
  marketplace: Pick<Marketplace, 'listings' | 'enquiries' | 'appeals'>;
  user: SessionUser;
  listingId: number;
}

export const LISTING_MESSAGES = {
  reviewRequested:
    'Thank you: a moderator will check your changes before the listing goes live again. We will e-mail you.',
  priceChanged: 'Price changed.',
  deleted: 'Listing deleted. You can restore it for 30 days.',
  restored: 'Listing restored and paused: set it back to available when ready.',
  appealSent: 'Appeal sent. A moderator will look at it and e-mail you the outcome.',
  replySent: 'Reply sent.',
} as const;

export interface ListingActionResult {
  intent: 'status' | 'price' | 'delete' | 'restore' | 'appeal' | 'reply';
  message: string;
}

type ListingAction = (form: FormData) => Promise<ListingActionResult>;

export function listingActions({
  marketplace,
  user,
  listingId,
}: ListingActionContext): Record<ListingActionResult['intent'], ListingAction> {
  const { listings, enquiries, appeals } = marketplace;
  const owned = { user, listingId };
  return {
    status: async (form: FormData) => {
      const { status } = formValues(form);
      const result = await listings.changeStatus({ ...owned, input: { status } });
      return {
        intent: 'status',
        message: result.awaitingReview
          ? LISTING_MESSAGES.reviewRequested
          : `Status changed to ${labelOf('status', formText(form, 'status'))}.`,
      };
    },
    price: async (form: FormData) => {
      const { price } = formValues(form);
      await listings.changePrice({ ...owned, input: { price } });
      return { intent: 'price', message: LISTING_MESSAGES.priceChanged };
    },
    delete: async () => {
      await listings.remove(owned);
      return { intent: 'delete', message: LISTING_MESSAGES.deleted };
    },
    restore: async () => {
      await listings.restore(owned);
      return { intent: 'restore', message: LISTING_MESSAGES.restored };
    },
    appeal: async (form: FormData) => {
      await appeals.submit({ ...owned, input: { statement: formText(form, 'statement') } });
      return { intent: 'appeal', message: LISTING_MESSAGES.appealSent };
    },
    reply: async (form: FormData) => {
      const { reply } = formValues(form);
      const enquiryId = Number(formText(form, 'enquiryId'));
      await enquiries.answer({ ...owned, enquiryId, input: { reply } });
      return { intent: 'reply', message: LISTING_MESSAGES.replySent };
    },
  };
}

/** Runs the form's intent; an unknown one gets the one 400 answer every page gives. */
export function runListingAction(form: FormData, context: ListingActionContext) {
  return dispatchIntent(form, listingActions(context));
}
