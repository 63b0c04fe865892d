import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { admin, person } from '../../../tests/support/moderation-fixture.ts';
import {
  overriding,
  rentSteps,
  useListingWorld,
  type ListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { SessionUser } from '../../../domain/session-user.ts';

/**
 * The ten disguises that got removed listings back on Roost — look-alike letters, one-letter
 * typos, reordered words, the address retyped, the photo re-encoded — are each held for review,
 * whoever posts them; honest listings like the demo's are not.
 */
let world: ListingWorld;
useListingWorld((made) => {
  world = made;
});

const fields = Object.assign({}, ...rentSteps.map(([, step]) => step)) as Record<string, unknown>;

const ORIGINAL = {
  addressLine1: '27 Harrowgate Crescent',
  title: 'Stunning penthouse with roof terrace, all bills included',
  description:
    'Luxury penthouse apartment with a private roof terrace and panoramic views over the park. ' +
    'All bills included and available immediately; a deposit by bank transfer secures it before a viewing.',
};

/** A photo with structure (not one flat colour): shapes placed by `seed`. */
async function scene(seed: number, width = 800, height = 600, quality = 85): Promise<Buffer> {
  const shapes = Array.from({ length: 6 }, (_, index) => {
    const x = (seed * 97 + index * 131) % 700;
    const y = (seed * 53 + index * 89) % 500;
    const shade = (seed * 41 + index * 67) % 200;
    return `<rect x="${x}" y="${y}" width="${120 + index * 20}" height="${90 + index * 15}" fill="rgb(${shade},${255 - shade},${(shade * 3) % 255})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#f4efe6"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).resize(width, height).jpeg({ quality }).toBuffer();
}

let sequence = 0;

/** Something honest in every field the variant does not disguise. */
function unrelated() {
  sequence += 1;
  return {
    addressLine1: `${sequence} Meadow Close`,
    title: `Family home number ${sequence} near good schools`,
    description: `Semi-detached house ${sequence} with a long garden, off-street parking, a utility room and a conservatory.`,
  };
}

async function create(user: SessionUser, input: Record<string, unknown>) {
  return world.marketplace.listings.create({ user, input: { ...fields, ...input } });
}

/** Published through the wizard, with these photos. */
function publish(user: SessionUser, input: Record<string, unknown>, photos: Buffer[]) {
  return world.publishThroughWizard(user, { photos, fieldsOf: overriding(input) });
}

async function removeByModerators(listingId: number) {
  await world.marketplace.reports.submit({
    user: null,
    listingId,
    input: { reason: 'scam', details: 'Asked for a deposit by bank transfer' },
    ip: '198.51.100.77',
  });
  await world.marketplace.moderation.decide({
    user: admin,
    listingId,
    input: { decision: 'remove', reason: 'Scam: deposit before viewing' },
  });
}

const VARIANTS: [string, () => Record<string, unknown>][] = [
  [
    'the title in look-alike Cyrillic letters',
    () => ({ ...unrelated(), title: 'Stunning рenthоuse with rооf terrace, аll bills included' }),
  ],
  [
    'the description in look-alike Cyrillic letters',
    () => ({ ...unrelated(), description: ORIGINAL.description.replace(/a/g, 'а') }),
  ],
  [
    'a one-letter typo in the title',
    () => ({ ...unrelated(), title: 'Stunning penthose with roof terrace, all bills included' }),
  ],
  [
    'one-letter typos in the description',
    () => ({
      ...unrelated(),
      description: ORIGINAL.description.replace('Luxury', 'Luxry').replace('views', 'veiws'),
    }),
  ],
  [
    "the description's words reordered",
    () => ({ ...unrelated(), description: ORIGINAL.description.split(' ').reverse().join(' ') }),
  ],
  ['the address with a comma', () => ({ ...unrelated(), addressLine1: '27, Harrowgate Crescent' })],
  [
    'the address with a double space',
    () => ({ ...unrelated(), addressLine1: '27  Harrowgate Crescent' }),
  ],
  [
    "the address with a 'Flat 1,' prefix",
    () => ({ ...unrelated(), addressLine1: 'Flat 1, 27 Harrowgate Crescent' }),
  ],
  [
    'the address in capitals, the postcode without its space',
    () => ({ ...unrelated(), addressLine1: '27 HARROWGATE CRESCENT', postcode: 'LS62AB' }),
  ],
];

describe('reposts in disguise, by another account', () => {
  let originalId: number;
  const scammer = (index: number) => person(`repost-variant-${index}`);

  it('removes the original (with its photo)', async () => {
    const original = await publish(person('repost-original'), ORIGINAL, [await scene(1)]);
    await removeByModerators(original.id);
    originalId = original.id;
  });

  it.each(VARIANTS.map(([name, make], index) => [name, make, index] as const))(
    'holds %s',
    async (_name, make, index) => {
      const created = await create(scammer(index), make());
      expect(created.isHeldForReview).toBe(true);
      const queue = await world.marketplace.moderation.reportedListings({ user: admin });
      const entry = queue.find((item) => item.listingId === created.id);
      expect(entry?.repostOf).toMatchObject({ listingId: originalId });
    },
  );

  it('holds the same photo re-encoded and resized', async () => {
    const published = await publish(person('repost-variant-photo'), unrelated(), [
      await scene(1, 640, 480, 60),
    ]);
    expect(published.isHeldForReview).toBe(true);
    const queue = await world.marketplace.moderation.reportedListings({ user: admin });
    expect(queue.find((item) => item.listingId === published.id)?.repostOf).toMatchObject({
      listingId: originalId,
      reason: expect.stringContaining('the same photos'),
    });
  });

  it('lets honest demo-like listings go live, photos and all', async () => {
    const honest = [
      { addressLine1: '3 Harrowgate Crescent', title: '2 bedroom flat to rent' },
      { addressLine1: '27 Harrowgate Road', title: 'Penthouse flat to rent in the centre' },
      {
        addressLine1: '14 Park View',
        title: '3 bedroom terraced house to rent',
        description:
          'A bright 3 bedroom terraced house to rent on Park View, offered by a private landlord, with a garden.',
      },
    ];
    for (const [index, input] of honest.entries()) {
      const published = await publish(person(`honest-${index}`), { ...unrelated(), ...input }, [
        await scene(10 + index),
      ]);
      expect(published.isHeldForReview).toBe(false);
    }
  });
});
