import { isValid, toOutcode } from 'postcode';
import { describe, expect, it } from 'vitest';
import { letRuleIssues } from '../../../domain/lettings/check-let.ts';
import { isLetNation } from '../../../domain/lettings/rules-by-nation.ts';
import { unlawfulWordingReason } from '../../../domain/text.ts';
import { RESULTS_PAGE_SIZE } from '../search/search-listings.ts';
import { buildDemoListings, DRAWN_HOMES } from './seed-demo.ts';
import { SEED_PLACES } from './uk-places.ts';

const demoListings = buildDemoListings(new Date('2026-11-22T12:00:00Z'));
const demo = demoListings.map((item) => item.listing);

function kilometresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

describe('demo listings', () => {
  it('covers at least 40 towns across all four nations, for sale and to rent', () => {
    expect(demo.length).toBeGreaterThanOrEqual(300);
    expect(new Set(demo.map((listing) => listing.town)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(demo.map((listing) => listing.country))).toEqual(
      new Set(['England', 'Scotland', 'Wales', 'Northern Ireland']),
    );
    const sale = demo.filter((listing) => listing.channel === 'sale').length;
    expect(sale).toBeGreaterThan(100);
    expect(demo.length - sale).toBeGreaterThan(80);
  });

  it('follows the letting rules of its nation with every let', () => {
    const lets = demo.filter((listing) => listing.channel === 'rent');
    for (const nation of ['England', 'Wales', 'Scotland', 'Northern Ireland']) {
      expect(lets.some((listing) => listing.country === nation)).toBe(true);
    }
    for (const listing of lets) {
      const nation = isLetNation(listing.country) ? listing.country : undefined;
      expect(nation).toBeDefined();
      const issues = letRuleIssues(
        { ...listing, registrationNumber: listing.registrationNumber ?? '' },
        { nation, today: '2026-11-22' },
      );
      expect(issues, `${listing.country} ${listing.title}`).toEqual({});
      const text = [listing.title, listing.description, ...(listing.keyFeatures ?? [])].join('\n');
      expect(unlawfulWordingReason(text)).toBeUndefined();
      if (nation === 'England') expect(listing.petsConsidered).toBe(true);
    }
  });

  it('gives every town a full results page of available homes for sale and to rent', () => {
    const short = SEED_PLACES.flatMap(({ town }) =>
      (['sale', 'rent'] as const).flatMap((channel) => {
        const available = demo.filter(
          (listing) =>
            listing.town === town && listing.channel === channel && listing.status === 'active',
        ).length;
        return available < RESULTS_PAGE_SIZE ? [`${town} ${channel}: ${available}`] : [];
      }),
    );
    expect(short).toEqual([]);
  });

  it('shows every drawn home’s pictures, only on homes of its type and rooms, once per town', () => {
    const drawn = demo.slice(0, DRAWN_HOMES);
    expect(new Set(demoListings.map((item) => item.pictureSet))).toEqual(
      new Set(drawn.map((_, index) => index)),
    );
    for (const { listing, pictureSet } of demoListings) {
      const model = drawn[pictureSet]!;
      expect([
        listing.propertyType,
        listing.bedrooms,
        listing.bathrooms,
        listing.receptions,
      ]).toEqual([model.propertyType, model.bedrooms, model.bathrooms, model.receptions]);
    }
    for (const { town } of SEED_PLACES) {
      const sets = demoListings
        .filter((item) => item.listing.town === town)
        .map((item) => item.pictureSet);
      expect(new Set(sets).size, town).toBe(sets.length);
    }
  });

  it('gives every listing a valid postcode in one of its town’s real districts', () => {
    for (const listing of demo) {
      expect(isValid(listing.postcode), listing.postcode).toBe(true);
      expect(toOutcode(listing.postcode)).toBe(listing.outcode);
      const place = SEED_PLACES.find((candidate) => candidate.town === listing.town)!;
      expect(place.outcodes).toContain(listing.outcode);
    }
  });

  it('places listings near their town centre', () => {
    for (const listing of demo) {
      const place = SEED_PLACES.find((candidate) => candidate.town === listing.town)!;
      expect(kilometresBetween(place, listing)).toBeLessThan(12);
    }
  });

  it('prices homes plausibly for the area', () => {
    for (const listing of demo) {
      const place = SEED_PLACES.find((candidate) => candidate.town === listing.town)!;
      if (listing.channel === 'sale') {
        expect(listing.price).toBeGreaterThan(place.typicalSalePrice * 0.25);
        expect(listing.price).toBeLessThan(place.typicalSalePrice * 4);
        expect(listing.rentPeriod).toBeNull();
      } else {
        const monthly = listing.rentPeriod === 'week' ? (listing.price * 52) / 12 : listing.price;
        expect(monthly).toBeGreaterThan(place.typicalRentPcm * 0.4);
        expect(monthly).toBeLessThan(place.typicalRentPcm * 3);
        expect(listing.priceQualifier).toBeNull();
      }
    }
  });

  it('is the same on every installation', () => {
    expect(buildDemoListings(new Date('2026-11-22T12:00:00Z'))).toEqual(demoListings);
  });
});
