import { describe, expect, it } from 'vitest';
import { UNKNOWN_INTENT } from '../../server/http/form-submission.ts';
import { insertListing } from '../support/listing-factory.ts';
import {
  expectAppError,
  member,
  useListingWorld,
  type ListingWorld,
} from '../support/listing-world.ts';
import {
  LISTING_MESSAGES,
  runListingAction,
} from '../../app/features/my-listing/listing-actions.server.ts';

let world: ListingWorld;
useListingWorld((made) => (world = made));

const owner = member('manage-owner');

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

async function ownListing() {
  return insertListing(world.database.db, { ownerSub: owner.userId, price: 300_000 });
}

const act = (listingId: number, fields: Record<string, string>, user = owner) =>
  runListingAction(form(fields), { marketplace: world.marketplace, user, listingId });

describe('the manage-listing page’s forms', () => {
  it('change the price as typed and say so', async () => {
    const listingId = await ownListing();
    await expect(act(listingId, { intent: 'price', price: '£275k' })).resolves.toEqual({
      intent: 'price',
      message: LISTING_MESSAGES.priceChanged,
    });
    const listing = await world.marketplace.listings.getOwn({ user: owner, listingId });
    expect(listing.price).toBe(275_000);
  });

  it('name the new status, and delete and restore the listing', async () => {
    const listingId = await ownListing();
    await expect(act(listingId, { intent: 'status', status: 'paused' })).resolves.toEqual({
      intent: 'status',
      message: 'Status changed to Paused.',
    });
    await expect(act(listingId, { intent: 'delete' })).resolves.toMatchObject({
      message: LISTING_MESSAGES.deleted,
    });
    await expect(act(listingId, { intent: 'restore' })).resolves.toMatchObject({
      message: LISTING_MESSAGES.restored,
    });
  });

  it('give the field’s message from the service’s schema', async () => {
    const listingId = await ownListing();
    const error = await expectAppError(
      act(listingId, { intent: 'status', status: 'sold' }),
      'VALIDATION_FAILED',
    );
    expect(error.fields).toEqual({ status: 'Choose a status' });
  });

  it('refuse another owner’s listing as not found', async () => {
    const listingId = await ownListing();
    await expectAppError(
      act(listingId, { intent: 'price', price: '1' }, member('someone-else')),
      'NOT_FOUND',
    );
  });

  it('answer a form with an unknown intent with 400 and the one message', async () => {
    const listingId = await ownListing();
    for (const intent of ['publish', '']) {
      const thrown: unknown = await act(listingId, { intent }).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 400 }, data: { error: UNKNOWN_INTENT } });
    }
  });
});
