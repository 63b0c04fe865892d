import { RESULTS_PAGE_SIZE } from '../search/search-listings.ts';
import type { NewListing } from '../listings/schema.ts';
import type { DemoHome, DemoListing } from './seed-demo.ts';
import { SEED_PLACES } from './uk-places.ts';

/**
 * Available homes each demo town has for sale and to rent: a full first page of a town's
 * search (`/search/for-sale/<town>`, this area only), even with under offer and let agreed
 * left out.
 */
export const HOMES_PER_TOWN_AND_CHANNEL = RESULTS_PAGE_SIZE;

const CHANNELS = ['sale', 'rent'] as const;

/** The numbers 0…count-1 in an order drawn from `next`, every one once (Fisher–Yates). */
function shuffled(count: number, next: () => number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/**
 * More homes for every town until each has `HOMES_PER_TOWN_AND_CHANNEL` available for sale and
 * to rent. Each new home is one of the `drawn` homes' type and rooms, with that home's pictures
 * and floorplan, in a town and at a price of its own; within a town no pictures repeat, and a
 * town never shows the pictures of one of its own drawn homes.
 */
export function fillEveryTown(
  drawn: readonly DemoListing[],
  draw: (home: DemoHome, index: number) => NewListing,
  next: () => number,
): DemoListing[] {
  const added: DemoListing[] = [];
  for (const place of SEED_PLACES) {
    const own = drawn.filter(({ listing }) => listing.town === place.town);
    const ownSets = new Set(own.map((item) => item.pictureSet));
    const sets = shuffled(drawn.length, next).filter((set) => !ownSets.has(set));
    for (const channel of CHANNELS) {
      const isAvailable = ({ listing }: DemoListing) =>
        listing.channel === channel && listing.status === 'active';
      let available = own.filter(isAvailable).length;
      while (available < HOMES_PER_TOWN_AND_CHANNEL) {
        const pictureSet = sets.shift();
        if (pictureSet === undefined) throw new Error(`Not enough demo pictures for ${place.town}`);
        const model = drawn[pictureSet]!.listing;
        const home: DemoHome = {
          place,
          channel,
          type: model.propertyType as DemoHome['type'],
          bedrooms: model.bedrooms!,
          bathrooms: model.bathrooms!,
          receptions: model.receptions!,
        };
        const item = { listing: draw(home, drawn.length + added.length), pictureSet };
        added.push(item);
        if (isAvailable(item)) available += 1;
      }
    }
  }
  return added;
}
