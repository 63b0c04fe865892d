import { describe, expect, it } from 'vitest';
import {
  expectAppError,
  member,
  photo,
  type ListingWorld,
  useListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { Marketplace } from '../marketplace.ts';

let marketplace: Marketplace;
let signedOutRentDraft: ListingWorld['signedOutRentDraft'];
let publishedRentListing: ListingWorld['publishedRentListing'];
const alice = member('alice');
const bob = member('bob');

useListingWorld((world) => ({ marketplace, signedOutRentDraft, publishedRentListing } = world));

describe('the add-listing wizard on the server', () => {
  it('saves each step, keeps uploads, and publishes once signed in', async () => {
    const draft = await signedOutRentDraft([await photo()]);
    const reloaded = await marketplace.listings.getDraft({ user: null, draftId: draft.id });
    expect(reloaded.step).toBe(7);
    expect(reloaded.media).toHaveLength(1);
    expect(reloaded.data.postcode).toBe('ls6 2ab');

    await expectAppError(
      marketplace.listings.publishDraft({ user: null, draftId: draft.id }),
      'UNAUTHENTICATED',
    );
    const { id } = await marketplace.listings.publishDraft({ user: alice, draftId: draft.id });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing).toMatchObject({
      status: 'active',
      channel: 'rent',
      deposit: 1400,
      displayAddress: 'Victoria Road, Leeds',
    });
    expect(listing!.description).toContain(
      "Call [contact details removed: use Roost's message button] <script>alert(1)</script>",
    );
    expect(listing!.photos).toHaveLength(1);
    await expectAppError(
      marketplace.listings.getDraft({ user: alice, draftId: draft.id }),
      'NOT_FOUND',
    );
  });

  it('refuses a step with field messages, on the server too', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice, clientIp: '192.0.2.1' });
    // The deposit cap is the law of the nation the saved postcode is in (England here).
    await marketplace.listings.saveDraftStep({
      user: alice,
      draftId: draft.id,
      step: 2,
      fields: { addressLine1: '12 Victoria Road', town: 'Leeds', postcode: 'LS6 2AB' },
    });
    const error = await expectAppError(
      marketplace.listings.saveDraftStep({
        user: alice,
        draftId: draft.id,
        step: 6,
        fields: {
          channel: 'rent',
          price: 1300,
          rentPeriod: 'month',
          deposit: 2000,
          furnished: 'furnished',
          letType: 'long_term',
        },
      }),
      'VALIDATION_FAILED',
    );
    expect(error.fields?.deposit).toMatch(/at most £1,500/);
  });

  it('keeps an owned draft from everyone else', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice, clientIp: '192.0.2.1' });
    await expectAppError(
      marketplace.listings.getDraft({ user: bob, draftId: draft.id }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.listings.getDraft({ user: null, draftId: draft.id }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.media.add({ user: bob, draftId: draft.id, kind: 'photo', bytes: await photo() }),
      'NOT_FOUND',
    );
  });
});

describe('managing a listing', () => {
  it('shows Reduced after a price drop, changes status, and soft-deletes and restores', async () => {
    const id = await publishedRentListing(alice);
    // As the manage page's field sends it, typed as people type prices.
    await marketplace.listings.changePrice({
      user: alice,
      listingId: id,
      input: { price: '£1,250 pcm' },
    });
    const reduced = await marketplace.listings.get({ listingId: id });
    expect(reduced!.price).toBe(1250);
    expect(reduced!.reducedOn).not.toBeNull();
    await marketplace.listings.changeStatus({
      user: alice,
      listingId: id,
      input: { status: 'let_agreed' },
    });
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('let_agreed');
    await expectAppError(
      marketplace.listings.changeStatus({
        user: alice,
        listingId: id,
        input: { status: 'sold_stc' },
      }),
      'VALIDATION_FAILED',
    );
    await marketplace.listings.remove({ user: alice, listingId: id });
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('removed');
    await marketplace.listings.restore({ user: alice, listingId: id });
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('paused');
  });

  it('keeps the history the property page shows: let agreed, back on the market', async () => {
    const id = await publishedRentListing(alice);
    const change = (status: string) =>
      marketplace.listings.changeStatus({ user: alice, listingId: id, input: { status } });
    await change('let_agreed');
    await change('active');
    await change('paused');
    const listing = await marketplace.listings.get({ listingId: id });
    // (Earlier tests listed the same address: their history comes along, marked 'relisted'.)
    expect(listing!.statusHistory.map((entry) => entry.event).slice(-2)).toEqual([
      'let_agreed',
      'back_on_market',
    ]);
  });

  it('lets nobody else edit, delete, reprice or read the enquiries of a listing', async () => {
    const id = await publishedRentListing(alice, 1);
    await expectAppError(
      marketplace.listings.update({ user: bob, listingId: id, input: { price: 1 } }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.listings.changePrice({ user: bob, listingId: id, input: { price: 1 } }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.listings.changeStatus({ user: bob, listingId: id, input: { status: 'paused' } }),
      'NOT_FOUND',
    );
    await expectAppError(marketplace.listings.remove({ user: bob, listingId: id }), 'NOT_FOUND');
    await expectAppError(marketplace.enquiries.list({ user: bob, listingId: id }), 'NOT_FOUND');
    await expectAppError(marketplace.listings.startEdit({ user: bob, listingId: id }), 'NOT_FOUND');
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('active');
  });

  it('edits through a draft of the listing', async () => {
    const id = await publishedRentListing(alice, 1);
    const draft = await marketplace.listings.startEdit({ user: alice, listingId: id });
    expect(draft.media).toHaveLength(1);
    await marketplace.listings.saveDraftStep({
      user: alice,
      draftId: draft.id,
      step: 3,
      fields: {
        title: 'Bright two bedroom flat, newly decorated',
      },
    });
    expect(
      (await marketplace.listings.publishDraft({ user: alice, draftId: draft.id })).isNew,
    ).toBe(false);
    expect((await marketplace.listings.get({ listingId: id }))!.title).toBe(
      'Bright two bedroom flat, newly decorated',
    );
  });

  it('refuses a price change that would put the deposit over the cap', async () => {
    const id = await publishedRentListing(alice, 1);
    const error = await expectAppError(
      marketplace.listings.changePrice({ user: alice, listingId: id, input: { price: 1000 } }),
      'VALIDATION_FAILED',
    );
    expect(error.fields?.price).toMatch(/deposit can be at most/);
  });
});
