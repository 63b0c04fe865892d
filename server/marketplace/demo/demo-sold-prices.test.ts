import { describe, expect, it } from 'vitest';
import { homeAddressKey, saleAddressKey } from '../../../domain/sold-prices/address-key.ts';
import { buildDemoListings } from './seed-demo.ts';
import { demoSoldPrices } from './demo-sold-prices.ts';

describe("the demo's sold prices", () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const homes = buildDemoListings(now).map(({ listing }) => listing);
  const sales = demoSoldPrices(homes, now);

  it('gives some homes for sale a history of their own, in England and Wales only', () => {
    const keys = new Set(sales.map(saleAddressKey));
    const withHistory = homes.filter((home) =>
      keys.has(homeAddressKey(home.addressLine1, home.postcode)),
    );
    expect(withHistory.length).toBeGreaterThan(100);
    expect(withHistory.every((home) => ['England', 'Wales'].includes(home.country))).toBe(true);
  });

  it('dates every sale in the past, with a positive price and a unique identifier', () => {
    expect(new Set(sales.map((sale) => sale.transactionId)).size).toBe(sales.length);
    expect(sales.every((sale) => sale.price > 0 && sale.soldOn <= '2026-11-29')).toBe(true);
  });
});
