// Paid upgrades at work (docs/search.md, 'Paid upgrades in search'): Featured, Bump, Showcase,
// alert boosts, and their end when a listing leaves the market, on both engines.
import { and, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, type SearchQuery } from '../../../domain/search/search-params.ts';
import { grantUpgrade } from '../../../tests/support/grant-upgrade.ts';
import { aListing, insertListing } from '../../../tests/support/listing-factory.ts';
import { admin, person, reportedListing } from '../../../tests/support/moderation-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { Message } from '../../mail/mailer.ts';
import { saveSearch } from '../alerts/saved-searches.ts';
import { savedSearches } from '../alerts/schema.ts';
import { sendAlertFor } from '../alerts/send-search-alerts.ts';
import { listings, type NewListing } from '../listings/schema.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { upgrades } from '../payments/schema.ts';
import { findShowcase } from './find-showcase.ts';
import { createOfflineGeocoder } from './geocoder.ts';
import type { ResolvedLocation } from './resolve-location.ts';
import { createSearchService } from './search-service.ts';
import { FEATURED_BUCKETS, FEATURED_SHUFFLE_LIMIT, bucketsFor } from './featured-buckets.ts';
import {
  FEATURED_PER_PAGE,
  FEATURED_ROTATION_MS,
  featuredRotation,
  searchListings,
} from './search-listings.ts';

let database: TestDatabase;
let marketplace: Marketplace;
beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({ db: database.db });
});
afterAll(() => database.destroy());

const DAY = 86_400_000;
const owner = person('owner-1');
let areaCounter = 0;

/** A patch of map of its own (a town name no other test uses), and searches of it. */
function newArea() {
  areaCounter += 1;
  const centre = { lat: 51 + areaCounter * 0.3, lng: -3 + (areaCounter % 4) * 0.9 };
  const town = `Placetown ${areaCounter}`;
  const location: ResolvedLocation = {
    kind: 'place',
    label: town,
    slug: `placetown-${areaCounter}`,
    town,
    ...centre,
  };
  const add = (overrides: Partial<NewListing> = {}) =>
    insertListing(database.db, { ...centre, town, ...overrides });
  const search = (
    query: Partial<SearchQuery> = {},
    {
      channel = 'sale',
      now = new Date(),
      pageSize,
      pinned = true,
    }: { channel?: 'sale' | 'rent'; now?: Date; pageSize?: number; pinned?: boolean } = {},
  ) =>
    searchListings(database.db, {
      channel,
      query: { ...DEFAULT_QUERY, radius: 1, ...query },
      location,
      pageSize,
      featured: pinned ? { now } : undefined,
    });
  return { centre, town, location, add, search };
}

const idsOf = (items: { id: number }[]) => items.map((item) => item.id);
const feature = (listingId: number, now?: Date) =>
  grantUpgrade(database.db, { listingId, productCode: 'featured_7', now });

describe('Featured', () => {
  it('is pinned above ordinary results, whatever the sort, and shown once', async () => {
    const area = newArea();
    const cheap = await area.add({ price: 150_000 });
    const dear = await area.add({ price: 400_000 });
    await feature(dear);
    const result = await area.search({ sort: 'price-asc' });
    expect(idsOf(result.featured)).toEqual([dear]);
    // Not repeated in the page's ordinary list; the count is unchanged.
    expect(idsOf(result.items)).toEqual([cheap]);
    expect(result.total).toBe(2);
    // Without asking (alerts, the map), nothing is pinned.
    const plain = await searchListings(database.db, {
      channel: 'sale',
      query: { ...DEFAULT_QUERY, radius: 1, sort: 'price-asc' },
      location: area.location,
    });
    expect(plain.featured).toEqual([]);
    expect(idsOf(plain.items)).toEqual([cheap, dear]);
  });

  it('ranks first only in searches whose every condition it meets', async () => {
    const area = newArea();
    const twoBeds = await area.add({ bedrooms: 2 });
    const rent = await area.add({ channel: 'rent', price: 900, rentPeriod: 'month' });
    const farAway = await insertListing(database.db, {
      lat: area.centre.lat + 0.5,
      lng: area.centre.lng,
      town: area.town,
    });
    const threeBeds = await area.add({ bedrooms: 3 });
    for (const id of [twoBeds, rent, farAway]) await feature(id);

    const filtered = await area.search({ minBeds: 3 });
    expect(idsOf(filtered.featured)).toEqual([]);
    expect(idsOf(filtered.items)).toEqual([threeBeds]);
    expect(idsOf((await area.search({ minBeds: 2 })).featured)).toEqual([twoBeds]);
    expect(idsOf((await area.search({}, { channel: 'rent' })).featured)).toEqual([rent]);
    expect(idsOf((await area.search({ radius: 40 })).featured).sort()).toEqual(
      [twoBeds, farAway].sort(),
    );
    expect(idsOf((await area.search({ keywords: 'nothing-like-this' })).featured)).toEqual([]);
  });

  it('pins at most three a page and rotates them fairly', async () => {
    const area = newArea();
    const start = new Date();
    const featured: number[] = [];
    for (let i = 0; i < 7; i += 1) featured.push(await area.add({ price: 100_000 + i }));
    for (const id of featured) await feature(id, start);
    for (let i = 0; i < 5; i += 1) await area.add({ price: 300_000 + i });

    // Within one rotation, the pages share the Featured homes out without repeating any.
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(idsOf((await area.search({ page }, { now: start, pageSize: 4 })).featured));
    }
    expect(pages.map((ids) => ids.length)).toEqual([FEATURED_PER_PAGE, FEATURED_PER_PAGE, 1]);
    expect(pages.flat().sort()).toEqual([...featured].sort());

    // Over many rotations each gets a fair share of page one's top slot and of page one. The
    // order is md5 of the id and the rotation, so the counts vary with the hour the test runs:
    // over 48 rotations the bounds below (the same shares of what is expected) fail about one run
    // in 24 (binomial), over 144 about one in 8,000.
    const firsts = new Map<number, number>();
    const onPageOne = new Map<number, number>();
    const rotations = 144;
    for (let k = 0; k < rotations; k += 1) {
      const now = new Date(start.getTime() + k * FEATURED_ROTATION_MS);
      const ids = idsOf((await area.search({}, { now })).featured);
      expect(ids).toHaveLength(FEATURED_PER_PAGE);
      firsts.set(ids[0]!, (firsts.get(ids[0]!) ?? 0) + 1);
      for (const id of ids) onPageOne.set(id, (onPageOne.get(id) ?? 0) + 1);
    }
    for (const id of featured) {
      expect(firsts.get(id) ?? 0).toBeGreaterThanOrEqual(6); // 20.6 expected
      expect(onPageOne.get(id) ?? 0).toBeGreaterThanOrEqual(30); // 61.7 expected
      expect(onPageOne.get(id) ?? 0).toBeLessThanOrEqual(96);
    }
  });

  it('walks buckets of Featured homes when thousands match, still fairly and without repeats', async () => {
    const area = newArea();
    const start = new Date();
    const first = await area.add();
    await feature(first, start);
    const many = FEATURED_SHUFFLE_LIMIT + 40;
    const rows = await database.db
      .insert(listings)
      .values(Array.from({ length: many - 1 }, () => aListing({ ...area.centre, town: area.town })))
      .returning({ id: listings.id });
    const [granted] = await database.db
      .select()
      .from(upgrades)
      .where(eq(upgrades.listingId, first));
    await database.db
      .insert(upgrades)
      .values(
        rows.map(({ id }) => ({ ...granted!, id: undefined, listingId: id, createdAt: undefined })),
      );
    const featuredIds = new Set([first, ...rows.map(({ id }) => id)]);

    // One rotation: pages share the homes out with no repeats, each from the rotation's buckets.
    const seen: number[] = [];
    for (const page of [1, 2, 3, 20]) {
      const pinned = idsOf((await area.search({ page }, { now: start, pageSize: 4 })).featured);
      expect(pinned).toHaveLength(FEATURED_PER_PAGE);
      seen.push(...pinned);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.every((id) => featuredIds.has(id))).toBe(true);
    const rotation = featuredRotation(start);
    expect(bucketsFor(rotation, FEATURED_PER_PAGE)).toContain(seen[0]! % FEATURED_BUCKETS);

    // Over a round of rotations, page one's top slot comes from every bucket in turn.
    const topBuckets = new Set<number>();
    for (let k = 0; k < FEATURED_BUCKETS; k += 1) {
      const now = new Date(start.getTime() + k * FEATURED_ROTATION_MS);
      const [top] = idsOf((await area.search({}, { now })).featured);
      topBuckets.add(top! % FEATURED_BUCKETS);
    }
    expect(topBuckets.size).toBe(FEATURED_BUCKETS);
  });

  it('stops when the placement runs out, or the listing leaves the market', async () => {
    const area = newArea();
    const paused = await area.add({ ownerSub: 'owner-1' });
    const sold = await area.add({ ownerSub: 'owner-1' });
    const deleted = await area.add({ ownerSub: 'owner-1' });
    const underOffer = await area.add({ ownerSub: 'owner-1' });
    for (const id of [paused, sold, deleted, underOffer]) await feature(id);
    expect(idsOf((await area.search({ radius: 1 })).featured).sort()).toHaveLength(3);
    expect((await area.search({}, { now: new Date(Date.now() + 8 * DAY) })).featured).toEqual([]);

    const change = (listingId: number, status: string) =>
      marketplace.listings.changeStatus({ user: owner, listingId, input: { status } });
    await change(paused, 'paused');
    await change(sold, 'sold_stc');
    await marketplace.listings.remove({ user: owner, listingId: deleted });
    await change(underOffer, 'under_offer');
    const ended = await database.db
      .select({ listingId: upgrades.listingId, reason: upgrades.endedReason })
      .from(upgrades)
      .where(eq(upgrades.kind, 'featured'));
    const reasonOf = (id: number) => ended.find((row) => row.listingId === id)?.reason;
    expect(reasonOf(paused)).toBe('listing_not_public');
    expect(reasonOf(sold)).toBe('listing_not_public');
    expect(reasonOf(deleted)).toBe('listing_not_public');
    expect(reasonOf(underOffer)).toBeNull();

    // Back on the market, a placement that ended with it resumes with the days it had left
    // (payments/end-upgrades.ts), rather than the buyer keeping both the days and a refund.
    await change(paused, 'active');
    await change(sold, 'active');
    const result = await area.search({ includeAgreed: true });
    expect(idsOf(result.featured).sort()).toEqual([paused, sold, underOffer].sort());
  });

  it('pins a placement stacked after a gap only once it starts', async () => {
    const area = newArea();
    const gapped = await area.add();
    const running = await area.add();
    await feature(running);
    // A second week bought now starts when the first ends; the first then ends early, which
    // leaves a gap: the search row still has a placement ending in 14 days.
    await feature(gapped);
    await feature(gapped);
    await database.db
      .update(upgrades)
      .set({ endedEarlyAt: new Date() })
      .where(
        and(
          eq(upgrades.listingId, gapped),
          eq(upgrades.kind, 'featured'),
          lte(upgrades.startsAt, new Date()),
        ),
      );

    expect(idsOf((await area.search({ radius: 40 })).featured)).toEqual([running]);
    expect(idsOf((await area.search()).featured)).toEqual([running]);
    const inSecondWeek = { now: new Date(Date.now() + 8 * DAY) };
    expect(idsOf((await area.search({ radius: 40 }, inSecondWeek)).featured)).toEqual([gapped]);
  });

  it('ends when moderators pause or remove the listing', async () => {
    const pausedId = await reportedListing(marketplace, database.db, 'Flat one');
    const removedId = await reportedListing(marketplace, database.db, 'Flat two');
    const dismissedId = await reportedListing(marketplace, database.db, 'Flat three');
    for (const id of [pausedId, removedId, dismissedId]) await feature(id);
    const decide = (listingId: number, decision: string) =>
      marketplace.moderation.decide({
        user: admin,
        listingId,
        input: { decision, reason: 'Looks like a scam' },
      });
    await decide(pausedId, 'pause');
    await decide(removedId, 'remove');
    await decide(dismissedId, 'dismiss');
    const rows = await database.db
      .select({ listingId: upgrades.listingId, endedAt: upgrades.endedEarlyAt })
      .from(upgrades)
      .where(eq(upgrades.kind, 'featured'));
    const endedOf = (id: number) => rows.find((row) => row.listingId === id)?.endedAt ?? null;
    expect(endedOf(pausedId)).not.toBeNull();
    expect(endedOf(removedId)).not.toBeNull();
    expect(endedOf(dismissedId)).toBeNull();
  });
});

describe('Bump', () => {
  it("moves a listing back to the top of 'Newest first' only; its date stays the original", async () => {
    const area = newArea();
    const listedAt = new Date(Date.now() - 3 * DAY);
    const older = await area.add({ publishedAt: listedAt, price: 100_000 });
    const newer = await area.add({ publishedAt: new Date(Date.now() - DAY), price: 200_000 });
    expect(idsOf((await area.search({ sort: 'newest' })).items)).toEqual([newer, older]);

    await grantUpgrade(database.db, { listingId: older, productCode: 'bump' });
    const bumped = await area.search({ sort: 'newest' });
    expect(idsOf(bumped.items)).toEqual([older, newer]);
    expect(bumped.items[0]!.publishedAt).toBe(listedAt.toISOString());
    expect(bumped.items[0]!.isNew).toBe(true); // 3 days ago: still within the 'New' week
    expect(idsOf((await area.search({ sort: 'price-desc' })).items)).toEqual([newer, older]);
    // 'Added in the last 2 days' goes by the original date: the bump does not make it new.
    expect(idsOf((await area.search({ addedWithinDays: 2 })).items)).toEqual([newer]);
    // Wide areas read the grid cells' own date index: the same order.
    expect(idsOf((await area.search({ sort: 'newest', radius: 10 })).items)).toEqual([
      older,
      newer,
    ]);

    // A later change to the listing keeps the bump.
    await database.db.update(listings).set({ price: 99_000 }).where(eq(listings.id, older));
    expect(idsOf((await area.search({ sort: 'newest' })).items)).toEqual([older, newer]);
  });

  it("a bundle's second bump is spent when the lister asks, and counts from then", async () => {
    const area = newArea();
    const listing = await area.add({
      ownerSub: 'owner-1',
      publishedAt: new Date(Date.now() - 9 * DAY),
    });
    const rival = await area.add({ publishedAt: new Date(Date.now() - DAY) });
    await grantUpgrade(database.db, {
      listingId: listing,
      productCode: 'faster_bundle',
      now: new Date(Date.now() - 2 * DAY),
    });
    // (The bundle's Featured days would pin it: the ordinary order is what a bump changes.)
    const newest = async () =>
      idsOf((await area.search({ sort: 'newest' }, { pinned: false })).items);
    expect(await newest()).toEqual([rival, listing]);
    await marketplace.payments.applyBump({ user: owner, listingId: listing });
    expect(await newest()).toEqual([listing, rival]);
  });
});

describe('Showcase', () => {
  it('fills the home page and its own town page slots, while available', async () => {
    const area = newArea();
    const other = newArea();
    const shown = await area.add();
    const underOffer = await area.add({ status: 'under_offer' });
    const notBought = await area.add();
    const elsewhere = await other.add();
    for (const id of [shown, underOffer, elsewhere]) {
      await grantUpgrade(database.db, { listingId: id, productCode: 'showcase_7' });
    }
    const town = { name: area.town, lat: area.centre.lat, lng: area.centre.lng };
    expect(idsOf(await findShowcase(database.db, { channel: 'sale', town }))).toEqual([shown]);
    expect(idsOf(await findShowcase(database.db, { channel: 'rent', town }))).toEqual([]);
    const home = idsOf(await marketplace.search.showcase());
    expect(home).toEqual(expect.arrayContaining([shown, elsewhere]));
    expect(home).not.toContain(notBought);
    expect(home).not.toContain(underOffer);
    const later = new Date(Date.now() + 8 * DAY);
    expect(idsOf(await findShowcase(database.db, { town, now: later }))).toEqual([]);
  });
});

describe('Alert boost', () => {
  it('puts the listing first and marked in the next alerts it matches, then is spent', async () => {
    const geocoder = createOfflineGeocoder(database.db);
    const sent: Message[] = [];
    const deps = {
      db: database.db,
      search: createSearchService({ db: database.db, geocoder }).run,
      send: async (message: Message) => {
        sent.push(message);
      },
      publicUrl: () => 'https://roost.example',
      secret: Buffer.from('a-test-secret-that-is-long-enough-for-hmac'),
    };
    areaCounter += 1;
    const outcode = `ZQ${areaCounter}`;
    const add = (title: string, publishedAt: Date) =>
      insertListing(database.db, {
        title,
        outcode,
        postcode: `${outcode} 1AA`,
        town: `Boosttown ${areaCounter}`,
        lat: 30 + areaCounter * 0.1,
        lng: 1,
        publishedAt,
      });
    const saveFor = async (who: string) => {
      const saved = await saveSearch(
        database.db,
        { sub: who, email: `${who}@example.com` },
        { name: `Homes ${who}`, channel: 'sale', params: `location=${outcode}&radius=1` },
      );
      await database.db
        .update(savedSearches)
        .set({ createdAt: new Date(Date.now() - 3_600_000) })
        .where(eq(savedSearches.id, saved.id));
      const [row] = await database.db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.id, saved.id));
      return row!;
    };
    const first = await saveFor(`boost-a-${areaCounter}`);
    await add('Newest home', new Date(Date.now() - 60_000));
    const boosted = await add('Boosted home', new Date(Date.now() - 1_800_000));
    await grantUpgrade(database.db, { listingId: boosted, productCode: 'alert_boost' });

    await sendAlertFor(deps, first);
    expect(sent).toHaveLength(1);
    const lines = sent[0]!.text.split('\n').filter((line) => line.includes(' — '));
    expect(lines[0]).toMatch(/^Promoted: .* — Boosted home/);
    expect(lines[1]).toMatch(/^£.* — Newest home/);
    const spentRows = () =>
      database.db
        .select({ spent: upgrades.usesSpent })
        .from(upgrades)
        .where(and(eq(upgrades.listingId, boosted), eq(upgrades.kind, 'alert_boost')));
    expect(await spentRows()).toEqual([{ spent: 1 }]);

    // Another alert of the same round shows it first too, without spending anything more.
    const second = await saveFor(`boost-b-${areaCounter}`);
    await sendAlertFor(deps, second);
    expect(sent[1]!.text).toMatch(/Promoted: .* — Boosted home/);
    expect(await spentRows()).toEqual([{ spent: 1 }]);

    // After the round, a new alert lists it plainly.
    const third = await saveFor(`boost-c-${areaCounter}`);
    await sendAlertFor(deps, third, new Date(Date.now() + 2 * DAY));
    expect(sent[2]!.text).toContain('Boosted home');
    expect(sent[2]!.text).not.toContain('Promoted');
  });
});
