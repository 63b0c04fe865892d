import { describe, expect, it } from 'vitest';
import { admin, person } from '../../../tests/support/moderation-fixture.ts';
import {
  overriding,
  photo,
  rentSteps,
  useListingWorld,
  type ListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { SessionUser } from '../../../domain/session-user.ts';

/**
 * A listing moderators paused or removed cannot come back at once by deleting it and posting it
 * again (wizard publish or API create): the repost is held for review when it has the same
 * address, a near-identical title or description, or the same photos.
 */
let world: ListingWorld;
useListingWorld((made) => {
  world = made;
});

const fields = Object.assign({}, ...rentSteps.map(([, step]) => step)) as Record<string, unknown>;

/** A rent listing published through the wizard by `owner`, with these changes and photos. */
function publish(owner: SessionUser, changes: Record<string, unknown>, photos: Buffer[]) {
  return world.publishThroughWizard(owner, { photos, fieldsOf: overriding(changes) });
}

/** Reported, then paused or removed by a moderator. */
async function moderate(listingId: number, decision: 'pause' | 'remove') {
  const { marketplace } = world;
  await marketplace.reports.submit({
    user: null,
    listingId,
    input: { reason: 'scam', details: 'Asked for a deposit by bank transfer' },
    ip: `198.51.100.${listingId % 250}`,
  });
  await marketplace.moderation.decide({
    user: admin,
    listingId,
    input: { decision, reason: 'Reported as a scam by several visitors' },
  });
}

async function statusOf(owner: SessionUser, id: number) {
  const own = await world.marketplace.listings.findOwn({ user: owner });
  const entry = own.find((listing) => listing.id === id)!;
  return { status: entry.status, moderation: entry.moderation };
}

describe('reposting a moderated listing', () => {
  it('holds a wizard repost at the same address after a pause and a delete, until a moderator lets it go', async () => {
    const lister = person('repost-lister-1');
    const { marketplace } = world;
    const original = await publish(lister, {}, [await photo(700, 500)]);
    expect(original.isHeldForReview).toBe(false);
    await moderate(original.id, 'pause');
    await marketplace.listings.remove({ user: lister, listingId: original.id });

    // Different photo, title and description: the address alone holds it.
    const repost = await publish(
      lister,
      {
        title: 'Spacious flat with a balcony by the park',
        description: 'Completely rewritten description of this lovely home with a view.',
      },
      [await photo(710, 500)],
    );
    expect(repost.isHeldForReview).toBe(true);
    expect(await statusOf(lister, repost.id)).toEqual({
      status: 'paused',
      moderation: 'review-requested',
    });
    // Not on Roost: the lister cannot switch it on themselves.
    const asked = await marketplace.listings.changeStatus({
      user: lister,
      listingId: repost.id,
      input: { status: 'active' },
    });
    expect(asked).toEqual({ status: 'paused', awaitingReview: true });

    const queue = await marketplace.moderation.reportedListings({ user: admin });
    expect(JSON.stringify(queue.find((entry) => entry.listingId === repost.id))).toContain(
      `listing ${original.id}`,
    );
    const decision = await marketplace.moderation.decide({
      user: admin,
      listingId: repost.id,
      input: { decision: 'dismiss', reason: '' },
    });
    expect(decision.isRelisted).toBe(true);
    expect((await statusOf(lister, repost.id)).status).toBe('active');
  });

  it('holds reposts with the same photos, title or description after a removal', async () => {
    const lister = person('repost-lister-2');
    const shared = await photo(720, 500);
    const original = await publish(lister, { addressLine1: '3 Removal Road' }, [shared]);
    await moderate(original.id, 'remove');

    const samePhoto = await publish(
      lister,
      {
        addressLine1: '9 Other Street',
        title: 'Completely different title here',
        description: 'x'.repeat(60),
      },
      [shared],
    );
    expect(samePhoto.isHeldForReview).toBe(true);
    const sameTitle = await publish(
      lister,
      {
        addressLine1: '10 Other Street',
        title: 'BRIGHT two-bedroom flat, near the park!',
        description: 'Another description entirely, about the kitchen and the garden.',
      },
      [await photo(730, 500)],
    );
    expect(sameTitle.isHeldForReview).toBe(true);

    // The API create path too (no photos): same address.
    const created = await world.marketplace.listings.create({
      user: lister,
      input: {
        ...fields,
        addressLine1: '3 Removal Road',
        title: 'A different flat title',
        description: 'Yet another description, this one about the loft and the cellar.',
      },
    });
    expect(created.isHeldForReview).toBe(true);
    expect((await statusOf(lister, created.id)).status).toBe('paused');
  });

  it('lets through new listings that repeat nothing moderated, but holds another lister at the address', async () => {
    const lister = person('repost-lister-3');
    const original = await publish(lister, { addressLine1: '5 Quiet Lane' }, [
      await photo(740, 500),
    ]);
    await moderate(original.id, 'remove');
    const fresh = await world.marketplace.listings.create({
      user: lister,
      input: {
        ...fields,
        addressLine1: '77 Fresh Street',
        title: 'Garden flat with parking space',
        description: 'A new description that has nothing in common with the removed listing.',
      },
    });
    expect(fresh.isHeldForReview).toBe(false);
    expect((await statusOf(lister, fresh.id)).status).toBe('active');

    // A second account does not escape the check.
    const neighbour = person('repost-neighbour');
    const other = await publish(neighbour, { addressLine1: '5, Quiet  Lane' }, [
      await photo(750, 500),
    ]);
    expect(other.isHeldForReview).toBe(true);
  });
});
