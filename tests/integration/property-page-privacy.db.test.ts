import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPath } from '../../domain/listing/listing-url.ts';
import { insertListing } from '../support/listing-factory.ts';
import { startWebAppForTest, type WebAppForTest } from '../support/web-app-for-test.ts';

/**
 * A lister who shows only the street keeps the rest private: the property page reads the home's
 * full address and exact location for its area facts (sold prices, schools, stations, viewings),
 * and none of it may reach the page's HTML or the data a navigation loads.
 */
let site: WebAppForTest;
let path: string;

beforeAll(async () => {
  site = await startWebAppForTest();
  const home = {
    channel: 'sale' as const,
    propertyType: 'terraced' as const,
    bedrooms: 3,
    town: 'Leeds',
    addressLine1: '27 Quietwater Walk',
    addressLine2: 'Garden Flat',
    isFullAddressShown: false,
    lat: 53.8234567,
    lng: -1.5876543,
  };
  const id = await insertListing(site.database.db, home);
  path = listingPath({ id, ...home });
}, 120_000);
afterAll(async () => {
  await site.close();
});

describe('a property page that shows only the street', () => {
  it.each([
    ['the page', ''],
    ['the navigation data', '.data'],
  ])('%s names the street but not the house, the flat or the exact place', async (_, suffix) => {
    const url = suffix ? `${path.replace(/\/$/, '')}${suffix}` : path;
    const response = await fetch(`${site.base}${url}`, { redirect: 'manual' });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toContain('Quietwater Walk');
    expect(body).not.toContain('27 Quietwater');
    expect(body).not.toContain('Garden Flat');
    expect(body).not.toContain('53.8234567');
    expect(body).not.toContain('1.5876543');
  });
});
