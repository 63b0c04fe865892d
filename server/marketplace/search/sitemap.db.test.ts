import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createSitemapRouter } from './sitemap.ts';
import { serveForTest } from '../../../tests/support/serve.ts';

let database: TestDatabase;
let base: string;
let close: () => Promise<void>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  ids.leeds = await insertListing(database.db, {
    town: 'Leeds',
    bedrooms: 2,
    propertyType: 'flat',
  });
  ids.yorkRent = await insertListing(database.db, {
    town: 'York',
    channel: 'rent',
    price: 900,
    rentPeriod: 'month',
  });
  ids.draft = await insertListing(database.db, {
    town: 'Leeds',
    status: 'draft',
    publishedAt: null,
  });
  const app = express().use(
    createSitemapRouter({ db: database.db, publicUrl: () => 'https://roost.example' }),
  );
  const served = await serveForTest(app);
  base = served.base;
  close = served.close;
});
afterAll(async () => {
  await close();
  await database.destroy();
});

describe('sitemaps', () => {
  it('robots.txt points at the sitemap and keeps private areas out', async () => {
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toContain('Sitemap: https://roost.example/sitemap.xml');
    expect(text).toContain('Disallow: /my-account');
    expect(text).toContain('Disallow: /api/');
  });

  it('indexes the town and listing sitemaps', async () => {
    const response = await fetch(`${base}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('<loc>https://roost.example/sitemaps/towns.xml</loc>');
    expect(xml).toContain('<loc>https://roost.example/sitemaps/listings-1.xml</loc>');
    expect(xml).not.toContain('listings-2.xml');
  });

  it('lists findable listings only, at their canonical addresses', async () => {
    const xml = await (await fetch(`${base}/sitemaps/listings-1.xml`)).text();
    expect(xml).toContain(`https://roost.example/property/${ids.leeds}/2-bed-flat-for-sale-leeds`);
    expect(xml).toContain(`/property/${ids.yorkRent}/`);
    expect(xml).not.toContain(`/property/${ids.draft}/`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect((await fetch(`${base}/sitemaps/listings-2.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemaps/listings-0.xml`)).status).toBe(404);
  });

  it('lists town pages that have homes, per channel', async () => {
    const xml = await (await fetch(`${base}/sitemaps/towns.xml`)).text();
    expect(xml).toContain('<loc>https://roost.example/search/for-sale/leeds</loc>');
    expect(xml).toContain('<loc>https://roost.example/search/for-rent/york</loc>');
    expect(xml).not.toContain('/search/for-rent/leeds');
  });
});
