import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from '../../../domain/search/search-params.ts';
import {
  expectAppError,
  member,
  photo,
  useListingWorld,
  type ListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { Marketplace } from '../marketplace.ts';
import { searchListings } from '../search/search-listings.ts';

/** Rooms with sizes: kept with the draft and the listing; the floor area comes from them. */
let world: ListingWorld;
let marketplace: Marketplace;
useListingWorld((made) => ({ marketplace } = world = made));

const lister = member('roomlister');
// 13′ 9″ × 10′ 2″ and 12′ 0″ × 11′ 6″: 139.8 + 138.0 = 277.8 sq ft.
const typedRooms = [
  { name: 'Kitchen', lengthFt: '13', lengthIn: '9', widthFt: '10', widthIn: '2' },
  { name: 'Bedroom', lengthFt: '12', lengthIn: '', widthFt: '11', widthIn: '6' },
];

/** Published through the wizard, with these fields added to the details step. */
async function publishWithRooms(details: Record<string, unknown>) {
  const fieldsOf = (step: number, fields: Record<string, unknown>) =>
    step === 3 ? { ...fields, ...details } : fields;
  return (await world.publishThroughWizard(lister, { photos: [await photo()], fieldsOf })).id;
}

async function areaSearch(minArea: number, maxArea: number) {
  const result = await searchListings(world.database.db, {
    channel: 'rent',
    query: { ...DEFAULT_QUERY, radius: 10, minArea, maxArea },
    location: { kind: 'point', label: 'Leeds', lat: 53.82, lng: -1.57 },
  });
  return result.items.map((item) => item.id);
}

describe('rooms', () => {
  it('gives a listing without a floor area the rooms’ total, which the area filter finds', async () => {
    const id = await publishWithRooms({ rooms: typedRooms, roomUnit: 'ft_in', floorArea: '' });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing!.floorAreaSqFt).toBe(278);
    expect(listing!.roomUnit).toBe('ft_in');
    expect(listing!.rooms).toEqual([
      { name: 'Kitchen', lengthM: 4.191, widthM: 3.099 },
      { name: 'Bedroom', lengthM: 3.658, widthM: 3.505 },
    ]);
    expect(await areaSearch(270, 290)).toContain(id);
    expect(await areaSearch(279, 400)).not.toContain(id);

    // Editing gives the rooms back as typed, the worked-out floor area left blank...
    const edit = await marketplace.listings.startEdit({ user: lister, listingId: id });
    expect(edit.data.rooms).toEqual([
      { name: 'Kitchen', lengthFt: 13, lengthIn: 9, widthFt: 10, widthIn: 2 },
      { name: 'Bedroom', lengthFt: 12, lengthIn: 0, widthFt: 11, widthIn: 6 },
    ]);
    expect(edit.data.floorArea).toBe('');

    // ...so the floor area follows the rooms when they change.
    await marketplace.listings.update({
      user: lister,
      listingId: id,
      input: { rooms: [{ name: 'Kitchen', lengthM: 5, widthM: 4 }], roomUnit: 'm' },
    });
    const changed = await marketplace.listings.get({ listingId: id });
    expect(changed!.floorAreaSqFt).toBe(215);
    expect(changed!.rooms).toEqual([{ name: 'Kitchen', lengthM: 5, widthM: 4 }]);
  });

  it('keeps a floor area the lister gave, whatever the rooms add up to', async () => {
    const id = await publishWithRooms({ rooms: typedRooms, roomUnit: 'ft_in', floorArea: 1050 });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing!.floorAreaSqFt).toBe(1050);
    const edit = await marketplace.listings.startEdit({ user: lister, listingId: id });
    expect(edit.data.floorArea).toBe(1050);
  });

  it('refuses a bad room with a field message and changes nothing', async () => {
    const id = await publishWithRooms({ rooms: typedRooms, roomUnit: 'ft_in' });
    const error = await expectAppError(
      marketplace.listings.update({
        user: lister,
        listingId: id,
        input: { rooms: [{ name: 'Hall', lengthM: 0.2, widthM: 2 }] },
      }),
      'VALIDATION_FAILED',
    );
    expect(error.fields).toEqual({
      'rooms.0.length': 'The length must be between 0.5 m and 50 m (1 ft 8 in and 164 ft)',
    });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing!.rooms).toHaveLength(2);
    expect(listing!.floorAreaSqFt).toBe(278);
  });
});
