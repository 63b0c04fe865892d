import { describe, expect, it } from 'vitest';
import { reducedOn } from '../listings/get-listing.ts';
import { demoPriceHistory } from './demo-price-history.ts';
import { buildDemoListings } from './seed-demo.ts';

const now = new Date('2026-11-22T12:00:00Z');
const demo = buildDemoListings(now).map((item) => item.listing);
const histories = demo.map((listing, index) => ({
  listing,
  history: demoPriceHistory(listing, index, now),
}));
const DAY_MS = 86_400_000;

describe('demo price history', () => {
  it('cuts the price of some live homes in the last month, for sale and to rent', () => {
    const cut = histories.filter(({ history }) => history.length === 2);
    expect(cut.length).toBeGreaterThan(100);
    expect(new Set(cut.map(({ listing }) => listing.channel))).toEqual(new Set(['sale', 'rent']));
    for (const { listing, history } of cut) {
      const [before, after] = history as [(typeof history)[0], (typeof history)[0]];
      expect(listing.status).toBe('active');
      expect(after.price).toBe(listing.price);
      expect(before.price).toBeGreaterThan(after.price);
      expect(before.price).toBeLessThanOrEqual(Math.ceil(after.price * 1.1));
      expect(after.changedAt.getTime()).toBeGreaterThan(before.changedAt.getTime());
      expect(now.getTime() - after.changedAt.getTime()).toBeLessThan(30 * DAY_MS);
      // What the property page works out from it: reduced, on the day of the cut.
      const texts = history.map((step) => ({ ...step, changedAt: step.changedAt.toISOString() }));
      expect(reducedOn(texts, listing.price)).toBe(after.changedAt.toISOString());
    }
  });

  it('keeps every other home at the price it was listed at', () => {
    for (const { listing, history } of histories.filter(({ history }) => history.length === 1)) {
      expect(history).toEqual([{ price: listing.price, changedAt: listing.publishedAt ?? now }]);
    }
    expect(histories.filter(({ history }) => history.length === 1).length).toBeGreaterThan(
      demo.length / 2,
    );
  });
});
