import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { Router, type Response } from 'express';
import { listingPath, searchPath } from '../../../domain/listing/listing-url.ts';
import type { Database } from '../../../db/client.ts';
import { listings } from '../listings/schema.ts';
import { listingSearch, places } from './schema.ts';

/** The sitemap protocol's limit per file. */
export const URLS_PER_SITEMAP = 50_000;

function xmlEscape(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

function urlset(entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Town pages worth indexing: every place name that has findable homes, per channel. */
async function townPages(db: Database) {
  return db
    .selectDistinctOn([listingSearch.channel, listingSearch.town], {
      channel: listingSearch.channel,
      slug: places.slug,
    })
    .from(listingSearch)
    .innerJoin(places, sql`lower(${places.name}) = ${listingSearch.town}`)
    .orderBy(asc(listingSearch.channel), asc(listingSearch.town), sql`${places.population} desc`);
}

/**
 * `/robots.txt`, and `/sitemap.xml` as an index of `/sitemaps/towns.xml` and
 * `/sitemaps/listings-<n>.xml` (50,000 listings each, keyed by id ranges so each file is one
 * index range scan however deep).
 */
export function createSitemapRouter(options: { db: Database; publicUrl: () => string }): Router {
  const { db } = options;
  const router = Router();
  const send = (res: Response, type: string, body: string) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type(type).send(body);
  };

  router.get('/robots.txt', (_req, res) => {
    const base = options.publicUrl();
    send(
      res,
      'text/plain',
      [
        'User-agent: *',
        'Disallow: /my-account',
        'Disallow: /admin-portal',
        'Disallow: /api/',
        'Disallow: /dev/',
        'Disallow: /saved-searches',
        'Disallow: /alerts/',
        'Disallow: /property/new',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const base = options.publicUrl();
      send(res, 'application/xml', await sitemapIndex(db, base));
    } catch (error) {
      next(error);
    }
  });

  router.get('/sitemaps/towns.xml', async (_req, res, next) => {
    try {
      const base = options.publicUrl();
      const pages = await townPages(db);
      send(
        res,
        'application/xml',
        urlset(pages.map((page) => ({ loc: `${base}${searchPath(page.channel)}${page.slug}` }))),
      );
    } catch (error) {
      next(error);
    }
  });

  router.get('/sitemaps/listings-:n.xml', async (req, res, next) => {
    try {
      const n = Number(req.params.n);
      if (!Number.isSafeInteger(n) || n < 1) {
        res.status(404).type('text/plain').send('No such sitemap');
        return;
      }
      const base = options.publicUrl();
      const rows = await listingsInSitemap(db, n);
      if (!rows) {
        res.status(404).type('text/plain').send('No such sitemap');
        return;
      }
      send(
        res,
        'application/xml',
        urlset(rows.map((row) => ({ loc: `${base}${listingPath(row)}`, lastmod: row.updatedAt }))),
      );
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** The sitemap index: the towns file and one file per 50,000 findable listings. */
async function sitemapIndex(db: Database, base: string): Promise<string> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(listingSearch);
  const files = Math.max(1, Math.ceil((row?.value ?? 0) / URLS_PER_SITEMAP));
  const entries = [
    `${base}/sitemaps/towns.xml`,
    ...Array.from({ length: files }, (_, index) => `${base}/sitemaps/listings-${index + 1}.xml`),
  ].map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The listings of sitemap file `n` (from 1); undefined past the last. */
async function listingsInSitemap(db: Database, n: number) {
  // The id that ends the previous file: files are ranges of the findable listings by id.
  const [boundary] =
    n === 1
      ? [{ id: 0 }]
      : await db
          .select({ id: listingSearch.listingId })
          .from(listingSearch)
          .orderBy(asc(listingSearch.listingId))
          .limit(1)
          .offset((n - 1) * URLS_PER_SITEMAP - 1);
  if (!boundary) return undefined;
  return db
    .select({
      id: listings.id,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      channel: listings.channel,
      town: listings.town,
      updatedAt: listings.updatedAt,
    })
    .from(listingSearch)
    .innerJoin(listings, eq(listings.id, listingSearch.listingId))
    .where(and(gt(listingSearch.listingId, boundary.id)))
    .orderBy(asc(listingSearch.listingId))
    .limit(URLS_PER_SITEMAP);
}
