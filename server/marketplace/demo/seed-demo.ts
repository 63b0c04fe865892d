// size: building the demo homes and storing them is one seed, read top to bottom.
import { count, eq } from 'drizzle-orm';
import { isValid as isValidPostcode } from 'postcode';
import { appState } from '../db/app-state-schema.ts';
import { listers, listings, type NewListing } from '../listings/schema.ts';
import type { BlobStore } from '../../media/blob-store.ts';
import type { Database } from '../../../db/client.ts';
import type { ListingFeature } from '../../../domain/listing/enums.ts';
import { depositCapFor } from '../../../domain/lettings/check-let.ts';
import { isLetNation } from '../../../domain/lettings/rules-by-nation.ts';
import { fillEveryTown } from './demo-stock.ts';
import { insertDemoPastListings } from './demo-past-listings.ts';
import { insertDemoSoldPrices } from './demo-sold-prices.ts';
import { insertDemoBroadbandAndStations } from './demo-broadband-stations.ts';
import { insertDemoFloodZones } from './demo-flood-zones.ts';
import { applyDemoMaterialSources } from './demo-material-sources.ts';
import { insertDemoSchools } from './demo-schools.ts';
import { insertDemoViewingAvailability } from './demo-viewing-availability.ts';
import { insertDemo, renderPictureSets } from './store-demo.ts';
import { SEED_PLACES, SEED_STREETS, type SeedPlace } from './uk-places.ts';

export const DEMO_OWNER_SUB = 'roost-demo';
const SEED_MARKER = 'demo_seed';

/** A small deterministic PRNG, so every installation gets the same demo. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof createRandom>;

type SeedType = NonNullable<NewListing['propertyType']>;

const TYPE_RULES: Record<
  Exclude<SeedType, 'land' | 'park_home' | 'other'>,
  { label: string; beds: [number, number]; priceFactor: number; weight: number }
> = {
  flat: { label: 'flat', beds: [1, 3], priceFactor: 0.62, weight: 30 },
  terraced: { label: 'terraced house', beds: [2, 4], priceFactor: 0.85, weight: 20 },
  semi_detached: { label: 'semi-detached house', beds: [2, 4], priceFactor: 1.05, weight: 18 },
  detached: { label: 'detached house', beds: [3, 6], priceFactor: 1.6, weight: 12 },
  end_of_terrace: { label: 'end of terrace house', beds: [2, 4], priceFactor: 0.9, weight: 7 },
  bungalow: { label: 'bungalow', beds: [2, 4], priceFactor: 1.1, weight: 6 },
  maisonette: { label: 'maisonette', beds: [1, 3], priceFactor: 0.7, weight: 4 },
  cottage: { label: 'cottage', beds: [2, 4], priceFactor: 1.15, weight: 3 },
};
const TYPE_KEYS = Object.keys(TYPE_RULES) as (keyof typeof TYPE_RULES)[];

function pickType(random: Random): keyof typeof TYPE_RULES {
  const total = TYPE_KEYS.reduce((sum, key) => sum + TYPE_RULES[key].weight, 0);
  let roll = random.next() * total;
  for (const key of TYPE_KEYS) {
    roll -= TYPE_RULES[key].weight;
    if (roll < 0) return key;
  }
  return 'flat';
}

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

function makePostcode(random: Random, outcode: string): string {
  const inward = `${random.between(1, 9)}${random.pick([...INWARD_LETTERS])}${random.pick([...INWARD_LETTERS])}`;
  const postcode = `${outcode} ${inward}`;
  if (!isValidPostcode(postcode)) throw new Error(`Seed produced an invalid postcode: ${postcode}`);
  return postcode;
}

/**
 * The must-haves a demo home has: garden and parking from its key features, and (without using
 * the random sequence, so the rest of the demo stays as it was) a few new builds, retirement
 * homes, shared-ownership homes and auctions.
 */
function mustHaves(
  features: string[],
  type: string,
  channel: 'sale' | 'rent',
  index: number,
): ListingFeature[] {
  const text = features.join(' ').toLowerCase();
  const result: ListingFeature[] = [];
  if (text.includes('garden')) result.push('garden');
  if (text.includes('parking') || text.includes('garage')) result.push('parking');
  if (index % 11 === 0) result.push('new_build');
  if (type === 'bungalow' && index % 3 === 0) result.push('retirement');
  if (channel === 'sale' && type === 'flat' && index % 7 === 0) result.push('shared_ownership');
  if (channel === 'sale' && index % 29 === 0) result.push('auction');
  return result;
}

const FEATURES = {
  common: [
    'Gas central heating',
    'Double glazing throughout',
    'Close to local schools',
    'Walking distance to the station',
    'Recently refitted kitchen',
    'Modern bathroom',
    'Good transport links',
    'Chain free',
    'Neutral decor throughout',
  ],
  house: [
    'Private rear garden',
    'Off-street parking',
    'Garage',
    'Loft with potential',
    'Utility room',
  ],
  flat: [
    'Lift access',
    'Allocated parking space',
    'Secure entry phone',
    'Balcony',
    'Communal gardens',
  ],
  rent: ['Available now', 'Pets considered', 'Furnished', 'Unfurnished', 'Bills not included'],
};

function roundPrice(value: number, channel: 'sale' | 'rent'): number {
  if (channel === 'rent') return Math.max(350, Math.round(value / 25) * 25);
  const step = value < 250_000 ? 1000 : 5000;
  return Math.round(value / step) * step;
}

function describe(
  place: SeedPlace,
  typeLabel: string,
  bedrooms: number,
  channel: 'sale' | 'rent',
  street: string,
  features: string[],
): string {
  const opening =
    channel === 'sale'
      ? `A well-presented ${bedrooms} bedroom ${typeLabel} on ${street}, one of the most popular roads in ${place.town}.`
      : `A bright ${bedrooms} bedroom ${typeLabel} to rent on ${street}, ${place.town}, offered by a private landlord.`;
  const middle = `The accommodation comprises an entrance hall, a generous reception room, a kitchen with space for a dining table and ${
    bedrooms === 1 ? 'a double bedroom' : `${bedrooms} bedrooms`
  }, served by a family bathroom. Highlights include: ${features
    .slice(0, 3)
    .map((feature) => feature.toLowerCase())
    .join(', ')}.`;
  const closing =
    channel === 'sale'
      ? `Shops, parks and schools in ${place.town} are a short walk away. Viewing is highly recommended.`
      : `Viewings can be arranged through Roost. Never pay any money before you have viewed a property.`;
  return [opening, middle, closing].join('\n\n');
}

export interface DemoListing {
  listing: NewListing;
  /** Whose pictures it shows: the index of one of the first `DRAWN_HOMES` demo homes. */
  pictureSet: number;
}

/** The home a listing describes: where, which channel, and what its pictures show. */
export interface DemoHome {
  place: SeedPlace;
  channel: 'sale' | 'rent';
  type: keyof typeof TYPE_RULES;
  bedrooms: number;
  bathrooms: number;
  /** Drawn with the listing when not given (the first round of homes). */
  receptions?: number;
}

/**
 * The homes drawn first, one town after another, each with its own pictures. The rest of the
 * demo (`demo-stock.ts`) reuses these pictures, so drawing them stays the first start's cost.
 */
export const DRAWN_HOMES = 320;

export function buildDemoListings(now = new Date()): DemoListing[] {
  const random = createRandom(20_261_122);
  const result: DemoListing[] = [];
  for (let index = 0; index < DRAWN_HOMES; index += 1) {
    // Every place gets listings before any place gets a second round, so all towns appear.
    const place = SEED_PLACES[index % SEED_PLACES.length]!;
    const channel = random.chance(0.6) ? 'sale' : 'rent';
    const type = pickType(random);
    const rule = TYPE_RULES[type];
    const bedrooms = random.between(rule.beds[0], rule.beds[1]);
    const bathrooms = Math.max(1, Math.min(3, bedrooms - random.between(1, 2)));
    const home = { place, channel, type, bedrooms, bathrooms } as const;
    result.push({ listing: drawListing(random, home, index, now), pictureSet: index });
    // Once picked pictures from a shared set; still drawn so these homes stay as they were.
    for (let draw = 0; draw < 4; draw += 1) random.next();
  }
  const stock = createRandom(20_261_128);
  const draw = (home: DemoHome, index: number) => drawListing(stock, home, index, now);
  return [...result, ...fillEveryTown(result, draw, stock.next)];
}

function drawFeatures(random: Random, type: DemoHome['type'], channel: DemoHome['channel']) {
  return [
    ...new Set([
      random.pick(type === 'flat' || type === 'maisonette' ? FEATURES.flat : FEATURES.house),
      random.pick(FEATURES.common),
      random.pick(FEATURES.common),
      ...(channel === 'rent' ? [random.pick(FEATURES.rent)] : []),
      random.pick(FEATURES.common),
    ]),
  ];
}

function statusOf(roll: number, channel: DemoHome['channel']): NewListing['status'] {
  if (roll < 0.86) return 'active';
  if (channel === 'rent') return 'let_agreed';
  return roll < 0.93 ? 'under_offer' : 'sold_stc';
}

/** One listing of `home`, the rest drawn from `random` (in the order the demo has always used). */
function drawListing(random: Random, home: DemoHome, index: number, now: Date): NewListing {
  const { place, channel, type, bedrooms, bathrooms } = home;
  const rule = TYPE_RULES[type];
  const street = random.pick(SEED_STREETS[place.country]);
  const outcode = random.pick(place.outcodes);
  const spread = place.town === 'London' ? 0.09 : 0.035;
  const bedroomFactor = 0.7 + bedrooms * 0.15;
  const noise = 0.8 + random.next() * 0.45;
  const features = drawFeatures(random, type, channel);
  const isWeekly = channel === 'rent' && random.chance(0.08);
  const monthlyRent = place.typicalRentPcm * bedroomFactor * noise;
  const price =
    channel === 'sale'
      ? roundPrice(place.typicalSalePrice * rule.priceFactor * bedroomFactor * noise, 'sale')
      : isWeekly
        ? Math.round((monthlyRent * 12) / 52 / 5) * 5
        : roundPrice(monthlyRent, 'rent');
  const daysAgo = random.next() * 75;
  const publishedAt = new Date(now.getTime() - daysAgo * 86_400_000);
  const status = statusOf(random.next(), channel);
  const floorArea = random.chance(0.8)
    ? Math.round((350 + bedrooms * 260 + random.between(-80, 180)) / 5) * 5
    : null;
  const number = random.between(1, 180);
  return {
    ownerSub: DEMO_OWNER_SUB,
    channel,
    status,
    propertyType: type,
    title: `${bedrooms} bedroom ${rule.label} ${channel === 'sale' ? 'for sale' : 'to rent'}`,
    description: describe(place, rule.label, bedrooms, channel, street, features),
    keyFeatures: features,
    features: mustHaves(features, type, channel, index),
    price,
    priceQualifier:
      channel === 'sale'
        ? random.pick(['guide_price', 'offers_over', 'offers_in_region_of', 'fixed_price'] as const)
        : null,
    rentPeriod: channel === 'rent' ? (isWeekly ? 'week' : 'month') : null,
    bedrooms,
    bathrooms,
    receptions: home.receptions ?? (bedrooms >= 3 ? random.between(1, 2) : 1),
    floorAreaSqFt: floorArea,
    addressLine1: `${number} ${street}`,
    town: place.town,
    county: place.county,
    country: place.country,
    postcode: makePostcode(random, outcode),
    outcode,
    lat: Number((place.lat + (random.next() - 0.5) * spread).toFixed(5)),
    lng: Number((place.lng + (random.next() - 0.5) * spread * 1.6).toFixed(5)),
    publishedAt,
    statusChangedAt: publishedAt,
    createdAt: publishedAt,
    viewCount: random.between(3, 900),
    // Material information, derived from what is already drawn so the demo stays the same.
    ...demoMaterialInformation(index, channel, type, price, isWeekly),
    ...(channel === 'rent' ? demoLetTerms(index, place.country, price, isWeekly) : {}),
  };
}

const BANDS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const EPCS = ['B', 'C', 'C', 'D', 'D', 'E'] as const;

/** A potential rating one or two bands better than the current (never better than A). */
function epcPotentialOf(current: string, index: number): NewListing['epcPotential'] {
  const bands = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
  const at = bands.indexOf(current as (typeof bands)[number]);
  return at < 0 ? null : bands[Math.max(0, at - 1 - (index % 2))]!;
}

function demoMaterialInformation(
  index: number,
  channel: 'sale' | 'rent',
  type: SeedType,
  price: number,
  isWeekly: boolean,
): Partial<NewListing> {
  const isFlat = type === 'flat' || type === 'maisonette';
  const weekly = isWeekly ? price : (price * 12) / 52;
  return {
    councilTaxBand: BANDS[index % BANDS.length],
    epcRating: EPCS[(index * 7) % EPCS.length],
    epcPotential: epcPotentialOf(EPCS[(index * 7) % EPCS.length]!, index),
    tenure: isFlat ? 'leasehold' : 'freehold',
    leaseYearsRemaining: isFlat ? 90 + (index % 60) : null,
    serviceChargePerYear: isFlat ? 900 + (index % 10) * 120 : null,
    groundRentPerYear: isFlat ? 0 : null,
    materialInfo: {
      construction: 'Standard brick and tile',
      electricity: 'Mains',
      water: 'Mains',
      sewerage: 'Mains drainage',
      heating: 'Gas central heating',
      broadband: index % 3 === 0 ? 'FTTP up to 900 Mbps' : 'FTTC up to 80 Mbps',
      parking: isFlat ? 'Permit parking' : 'Driveway',
    },
    contactEmail: 'demo-lister@roost.example',
    ...(channel === 'rent'
      ? {
          holdingDeposit: Math.floor(weekly),
          furnished: index % 2 === 0 ? 'furnished' : 'unfurnished',
          letType: 'long_term',
        }
      : {}),
  };
}

/**
 * A demo let's terms under the law of its nation (domain/lettings): five weeks' deposit within
 * the nation's cap, the registration number Scotland and Wales require, pets on request in England.
 */
function demoLetTerms(
  index: number,
  nation: string,
  price: number,
  isWeekly: boolean,
): Partial<NewListing> {
  const period = isWeekly ? 'week' : 'month';
  const weekly = isWeekly ? price : (price * 12) / 52;
  const cap = isLetNation(nation) ? depositCapFor(nation, price, period) : null;
  const registrationNumber =
    nation === 'Scotland'
      ? `${100_000 + index}/230/${10_000 + index}`
      : nation === 'Wales'
        ? `RSW-${20_000 + index}`
        : null;
  return {
    deposit: Math.min(Math.floor(weekly * 5), cap?.max ?? Number.POSITIVE_INFINITY),
    petsConsidered: nation === 'England' || index % 4 === 0,
    registrationNumber,
  };
}

export interface SeedResult {
  seeded: boolean;
  listings: number;
}

/**
 * Fills an empty installation with a realistic demo. Runs once: the marker row is written in the
 * same transaction as the listings, so a restart never seeds twice and a crash leaves no half-seed.
 * `towns` seeds only those towns' homes, `drawnOnly` only the homes with pictures of their own
 * (tests).
 */
export async function seedDemoIfEmpty(options: {
  db: Database;
  blobs: BlobStore;
  towns?: readonly string[];
  /** Only the homes whose pictures are drawn for them, each with its own (tests). */
  drawnOnly?: boolean;
}): Promise<SeedResult> {
  const { db, blobs, towns } = options;
  const [marker] = await db.select().from(appState).where(eq(appState.key, SEED_MARKER));
  if (marker) return { seeded: false, listings: 0 };
  const [existing] = await db.select({ value: count() }).from(listings);
  if ((existing?.value ?? 0) > 0) return { seeded: false, listings: 0 };

  const all = buildDemoListings();
  const chosen = options.drawnOnly ? all.slice(0, DRAWN_HOMES) : all;
  const demo = towns ? chosen.filter(({ listing }) => towns.includes(listing.town)) : chosen;
  // Drawn (sharp's threads) while the listings are inserted (the database's): a first start
  // waits for the longer of the two rather than both.
  const pictures = renderPictureSets(all.slice(0, DRAWN_HOMES), demo, blobs);
  // Awaited in the transaction; should an insert fail first, a drawing error is not unhandled.
  pictures.catch(() => {});

  const seeded = await db.transaction(async (tx) => {
    const inserted = await insertDemo(tx, demo, pictures);
    const homes = demo.map(({ listing }) => listing);
    await insertDemoSoldPrices(tx, homes);
    await insertDemoBroadbandAndStations(tx, homes);
    await insertDemoFloodZones(tx, homes);
    await insertDemoSchools(tx, homes);
    await applyDemoMaterialSources(tx, DEMO_OWNER_SUB);
    await insertDemoViewingAvailability(tx, DEMO_OWNER_SUB);
    await insertDemoPastListings(tx, homes);
    await tx
      .insert(listers)
      .values({
        sub: DEMO_OWNER_SUB,
        publicId: 'roost-demo-homes',
        displayName: 'Roost demo homes',
      })
      .onConflictDoNothing();
    await tx.insert(appState).values({
      key: SEED_MARKER,
      value: { listings: inserted, at: new Date().toISOString() },
    });
    return inserted;
  });
  return { seeded: true, listings: seeded };
}
