import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { milesToMetres, type SearchQuery } from '../../../app/lib/search-params.ts';
import type { Database } from '../../../db/client.ts';
import { summaryColumns, toSummaries, type ListingSummary } from '../listings/listing-summary.ts';
import { listingPriceHistory, listings, type Listing } from '../listings/schema.ts';
import { hiddenListings } from '../alerts/schema.ts';
import { listingSearch } from './schema.ts';
import type { ResolvedLocation } from './resolve-location.ts';

export const RESULTS_PAGE_SIZE = 24;

export interface SearchResultItem extends ListingSummary {
  floorAreaSqFt: number | null;
  /** Miles from the searched place, when there is one. */
  distanceMiles: number | null;
}

export interface SearchResult {
  items: SearchResultItem[];
  total: number;
  page: number;
  pageCount: number;
}

export interface SearchListingsInput {
  channel: Listing['channel'];
  query: SearchQuery;
  location?: ResolvedLocation;
  pageSize?: number;
  /** Only listings first published after this moment (alerts). */
  publishedAfter?: Date;
  /** Alerts: listings published, or reduced in price, after this moment. */
  newOrReducedSince?: Date;
  /** The signed-in viewer: listings they hid are left out. */
  viewerSub?: string;
}

const AVAILABLE: Listing['status'][] = ['active'];
const POSTCODE_ONLY_MILES = 0.25;

// Every search reads the narrow `listing_search` table (one ~100-byte row per findable listing),
// then fetches the wide listing rows for the one page it shows.
const s = listingSearch;

function pointOf(location: { lat: number; lng: number }) {
  return sql`ll_to_earth(${location.lat}::float8, ${location.lng}::float8)`;
}

/** Within `miles` of the point: the GiST index finds the box, the exact sphere test trims it. */
function withinMiles(location: { lat: number; lng: number }, miles: number): SQL {
  const metres = milesToMetres(miles);
  return sql`(earth_box(${pointOf(location)}, ${metres}::float8) @> ${s.earth} and earth_distance(${pointOf(location)}, ${s.earth}) <= ${metres}::float8)`;
}

/**
 * Inside a drawn area: the GiST index narrows to the circle around the polygon, then Postgres's
 * own point-in-polygon test (x = longitude, y = latitude) decides.
 */
function insidePolygon(vertices: { lat: number; lng: number }[]): SQL {
  const centre = {
    lat: vertices.reduce((sum, v) => sum + v.lat, 0) / vertices.length,
    lng: vertices.reduce((sum, v) => sum + v.lng, 0) / vertices.length,
  };
  const metres = Math.max(...vertices.map((v) => haversineMetres(centre, v))) * 1.01 + 10;
  const polygon = `(${vertices.map((v) => `(${v.lng},${v.lat})`).join(',')})`;
  return sql`(earth_box(${pointOf(centre)}, ${metres}::float8) @> ${s.earth} and point(longitude(${s.earth}), latitude(${s.earth})) <@ ${polygon}::polygon)`;
}

function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(toRad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(toRad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_378_168 * Math.asin(Math.sqrt(h));
}

function locationCondition(location: ResolvedLocation, radius: number): SQL | undefined {
  if (radius > 0) return withinMiles(location, radius);
  switch (location.kind) {
    case 'place':
      return eq(s.town, location.town.toLowerCase());
    case 'outcode':
      return eq(s.outcode, location.outcode);
    case 'postcode':
    case 'point':
      return withinMiles(location, POSTCODE_ONLY_MILES);
  }
}

function monthly(amount: number, channel: Listing['channel'], period: SearchQuery['pricePeriod']) {
  return channel === 'rent' && period === 'week' ? Math.round((amount * 52) / 12) : amount;
}

export function searchConditions({
  channel,
  query,
  location,
  publishedAfter,
  newOrReducedSince,
  viewerSub,
}: SearchListingsInput): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(s.channel, channel)];
  if (!query.includeAgreed) conditions.push(inArray(s.status, AVAILABLE));
  if (query.polygon) conditions.push(insidePolygon(query.polygon));
  else if (location) conditions.push(locationCondition(location, query.radius));
  if (query.minPrice !== undefined)
    conditions.push(gte(s.monthlyPrice, monthly(query.minPrice, channel, query.pricePeriod)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(s.monthlyPrice, monthly(query.maxPrice, channel, query.pricePeriod)));
  if (query.minBeds !== undefined) conditions.push(gte(s.bedrooms, query.minBeds));
  if (query.maxBeds !== undefined) conditions.push(lte(s.bedrooms, query.maxBeds));
  if (query.types.length) conditions.push(inArray(s.propertyType, query.types));
  if (channel === 'rent' && query.furnished) conditions.push(eq(s.furnished, query.furnished));
  if (channel === 'rent' && query.letType) conditions.push(eq(s.letType, query.letType));
  if (query.addedWithinDays !== undefined) {
    conditions.push(
      gte(s.publishedAt, sql`now() - make_interval(days => ${query.addedWithinDays}::int)`),
    );
  }
  // Homes without a stated size stay in the results (shown last and marked), so a size filter
  // never hides a home just because its lister left the size out.
  if (query.minArea !== undefined)
    conditions.push(or(isNull(s.floorAreaSqFt), gte(s.floorAreaSqFt, query.minArea)));
  if (query.maxArea !== undefined)
    conditions.push(or(isNull(s.floorAreaSqFt), lte(s.floorAreaSqFt, query.maxArea)));
  if (publishedAfter) conditions.push(gt(s.publishedAt, publishedAfter));
  if (newOrReducedSince) {
    // A reduction is a price-history entry lower than the entry before it.
    const h = listingPriceHistory;
    conditions.push(
      or(
        gt(s.publishedAt, newOrReducedSince),
        sql`exists (select 1 from ${h} where ${h.listingId} = ${s.listingId} and ${h.changedAt} > ${newOrReducedSince} and ${h.price} < (select previous.price from ${h} as previous where previous.listing_id = ${h.listingId} and previous.changed_at < ${h.changedAt} order by previous.changed_at desc limit 1))`,
      ),
    );
  }
  if (viewerSub) {
    conditions.push(
      sql`not exists (select 1 from ${hiddenListings} where ${hiddenListings.ownerSub} = ${viewerSub} and ${hiddenListings.listingId} = ${s.listingId})`,
    );
  }
  if (query.keywords) {
    conditions.push(
      sql`${s.listingId} in (select ${listings.id} from ${listings} where ${listings.searchVector} @@ websearch_to_tsquery('english', ${query.keywords}))`,
    );
  }
  return and(...conditions);
}

/**
 * One query for the page's ids and the total, one for those listings' card fields and one for
 * their cover photos: three round trips whatever the page size (no N+1).
 */
export async function searchListings(
  db: Database,
  input: SearchListingsInput,
): Promise<SearchResult> {
  const { query, location } = input;
  const pageSize = input.pageSize ?? RESULTS_PAGE_SIZE;
  const where = searchConditions(input);
  const distance = location
    ? sql<number>`earth_distance(${pointOf(location)}, ${s.earth}) / 1609.344`
    : sql<null>`null::float8`;
  const hasAreaFilter = query.minArea !== undefined || query.maxArea !== undefined;
  const order = [
    ...(hasAreaFilter ? [sql`${s.floorAreaSqFt} is null`] : []),
    ...(query.sort === 'price-asc'
      ? [asc(s.monthlyPrice)]
      : query.sort === 'price-desc'
        ? [desc(s.monthlyPrice)]
        : query.sort === 'nearest' && location
          ? [asc(distance)]
          : [desc(s.publishedAt)]),
    desc(s.listingId),
  ];
  // One scan gives both the page and the total (a window count); only a page past the end,
  // which returns no rows to carry the total, needs a separate count.
  const hits = await db
    .select({ id: s.listingId, distance, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(s)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const total =
    hits[0]?.total ??
    (query.page > 1
      ? ((await db.select({ value: count() }).from(s).where(where))[0]?.value ?? 0)
      : 0);
  const ids = hits.map((hit) => hit.id);
  const rows = ids.length
    ? await db
        .select({ ...summaryColumns, floorAreaSqFt: listings.floorAreaSqFt })
        .from(listings)
        .where(inArray(listings.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  const summaries = await toSummaries(db, ordered);
  const distanceOf = new Map(hits.map((hit) => [hit.id, hit.distance]));
  return {
    items: summaries.map((summary, index) => {
      const miles = distanceOf.get(summary.id);
      return {
        ...summary,
        floorAreaSqFt: ordered[index]!.floorAreaSqFt,
        distanceMiles: miles === null || miles === undefined ? null : Number(miles),
      };
    }),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
  price: number;
  channel: Listing['channel'];
  rentPeriod: Listing['rentPeriod'];
  priceQualifier: Listing['priceQualifier'];
  title: string;
  bedrooms: number;
  propertyType: Listing['propertyType'];
  town: string;
}

/** Every match's position for the map (up to `limit`, newest first), in one query. */
export async function searchMapPoints(
  db: Database,
  input: SearchListingsInput & { limit?: number },
): Promise<{ points: MapPoint[]; total: number }> {
  const rows = await db
    .select({
      id: s.listingId,
      lat: sql<number>`latitude(${s.earth})`.mapWith(Number),
      lng: sql<number>`longitude(${s.earth})`.mapWith(Number),
      price: listings.price,
      channel: listings.channel,
      rentPeriod: listings.rentPeriod,
      priceQualifier: listings.priceQualifier,
      title: listings.title,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      town: listings.town,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(s)
    .innerJoin(listings, eq(listings.id, s.listingId))
    .where(searchConditions(input))
    .orderBy(desc(s.publishedAt), desc(s.listingId))
    .limit(input.limit ?? 1000);
  return { points: rows.map(({ total: _total, ...point }) => point), total: rows[0]?.total ?? 0 };
}
