import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/session-user.ts';
import {
  member,
  useListingWorld,
  type ListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { Marketplace } from '../marketplace.ts';
import { displayNameOf } from './lister-profile.ts';

let marketplace: Marketplace;
let publishedRentListing: ListingWorld['publishedRentListing'];
const carol = { ...member('carol'), name: 'Carol Ann Smith' } as SessionUser;
const dan = member('dan');

useListingWorld((world) => ({ marketplace, publishedRentListing } = world));

describe('lister profiles', () => {
  it('shows a first name and initial, never contact details', () => {
    expect(displayNameOf('Carol Ann Smith')).toBe('Carol S.');
    expect(displayNameOf('  Prince ')).toBe('Prince');
    expect(displayNameOf(undefined)).toBe('Private lister');
    expect(displayNameOf('07700900123 Lister')).toBe('Private lister');
    expect(displayNameOf('me@example.com Smith')).toBe('Private lister');
  });

  it('links a listing to its lister, with live listings and how they answer enquiries', async () => {
    const id = await publishedRentListing(carol, 1);
    const lister = (await marketplace.listings.lookUp({ listingId: id }))?.lister;
    expect(lister?.displayName).toBe('Carol S.');

    const ask = (message: string) =>
      marketplace.enquiries.submit({
        user: dan,
        listingId: id,
        input: { name: 'Dan Dee', email: 'dan@example.com', message },
        ip: '203.0.113.20',
      });
    await ask('Is the flat still available?');
    await ask('Could I view it on Saturday?');
    const [first] = await marketplace.enquiries.list({ user: carol, listingId: id });
    await marketplace.enquiries.answer({
      user: carol,
      listingId: id,
      enquiryId: first!.id,
      input: { reply: 'Yes, it is.' },
    });

    const profile = await marketplace.listings.getLister({ publicId: lister!.publicId });
    expect(profile).toMatchObject({ displayName: 'Carol S.', enquiries: 2, responseRate: 50 });
    expect(profile!.medianResponseHours).toBeLessThan(1);
    expect(profile!.listings.map((listing) => listing.id)).toContain(id);
    expect(JSON.stringify(profile)).not.toMatch(/carol@example\.com|Smith/);
    expect(await marketplace.listings.getLister({ publicId: 'no-such-lister' })).toBeUndefined();
  });
});
