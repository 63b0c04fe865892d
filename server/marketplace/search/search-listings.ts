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
import { RESULTS_PAGE_SIZE } from '../listings/find-listings.ts';
import { summaryColumns, toSummaries, type ListingSummary } from '../listings/listing-summary.ts';
import { listings, type Listing } from '../listings/schema.ts';
import { hiddenListings } from '../alerts/schema.ts';
import type { ResolvedLocation } from './resolve-location.ts';

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
  /** The signed-in viewer: listings they hid are left out. */
  viewerSub?: string;
}

const AVAILABLE: Listing['status'][] = ['active'];
const AVAILABLE_OR_AGREED: Listing['status'][] = [
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
];
const POSTCODE_ONLY_MILES = 0.25;

const listingPoint = sql`ll_to_earth(${listings.lat}, ${listings.lng})`;

function pointOf(location: { lat: number; lng: number }) {
  return sql`ll_to_earth(${location.lat}::float8, ${location.lng}::float8)`;
}

/** Within `miles` of the point: the GiST index finds the box, the exact sphere test trims it. */
function withinMiles(location: { lat: number; lng: number }, miles: number): SQL {
  const metres = milesToMetres(miles);
  return sql`(earth_box(${pointOf(location)}, ${metres}::float8) @> ${listingPoint} and earth_distance(${pointOf(location)}, ${listingPoint}) <= ${metres}::float8)`;
}

function locationCondition(location: ResolvedLocation, radius: number): SQL | undefined {
  if (radius > 0) return withinMiles(location, radius);
  switch (location.kind) {
    case 'place':
      return sql`lower(${listings.town}) = ${location.town.toLowerCase()}`;
    case 'outcode':
      return eq(listings.outcode, location.outcode);
    case 'postcode':
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
  viewerSub,
}: SearchListingsInput): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(listings.channel, channel),
    inArray(listings.status, query.includeAgreed ? AVAILABLE_OR_AGREED : AVAILABLE),
  ];
  if (location) conditions.push(locationCondition(location, query.radius));
  if (query.minPrice !== undefined)
    conditions.push(
      gte(listings.monthlyPrice, monthly(query.minPrice, channel, query.pricePeriod)),
    );
  if (query.maxPrice !== undefined)
    conditions.push(
      lte(listings.monthlyPrice, monthly(query.maxPrice, channel, query.pricePeriod)),
    );
  if (query.minBeds !== undefined) conditions.push(gte(listings.bedrooms, query.minBeds));
  if (query.maxBeds !== undefined) conditions.push(lte(listings.bedrooms, query.maxBeds));
  if (query.types.length) conditions.push(inArray(listings.propertyType, query.types));
  if (query.addedWithinDays !== undefined) {
    conditions.push(
      gte(listings.publishedAt, sql`now() - make_interval(days => ${query.addedWithinDays}::int)`),
    );
  }
  // Homes without a stated size stay in the results (shown last and marked), so a size filter
  // never hides a home just because its lister left the size out.
  if (query.minArea !== undefined)
    conditions.push(or(isNull(listings.floorAreaSqFt), gte(listings.floorAreaSqFt, query.minArea)));
  if (query.maxArea !== undefined)
    conditions.push(or(isNull(listings.floorAreaSqFt), lte(listings.floorAreaSqFt, query.maxArea)));
  if (publishedAfter) conditions.push(gt(listings.publishedAt, publishedAfter));
  if (viewerSub) {
    conditions.push(
      sql`not exists (select 1 from ${hiddenListings} where ${hiddenListings.ownerSub} = ${viewerSub} and ${hiddenListings.listingId} = ${listings.id})`,
    );
  }
  if (query.keywords) {
    conditions.push(
      sql`${listings.searchVector} @@ websearch_to_tsquery('english', ${query.keywords})`,
    );
  }
  return and(...conditions);
}

/** One query for the page of results and one for the total; covers in one more (no N+1). */
export async function searchListings(
  db: Database,
  input: SearchListingsInput,
): Promise<SearchResult> {
  const { query, location } = input;
  const pageSize = input.pageSize ?? RESULTS_PAGE_SIZE;
  const where = searchConditions(input);
  const distance = location
    ? sql<number>`earth_distance(${pointOf(location)}, ${listingPoint}) / 1609.344`
    : sql<null>`null::float8`;
  const hasAreaFilter = query.minArea !== undefined || query.maxArea !== undefined;
  const order = [
    ...(hasAreaFilter ? [sql`${listings.floorAreaSqFt} is null`] : []),
    ...(query.sort === 'price-asc'
      ? [asc(listings.monthlyPrice)]
      : query.sort === 'price-desc'
        ? [desc(listings.monthlyPrice)]
        : query.sort === 'nearest' && location
          ? [asc(distance)]
          : [desc(listings.publishedAt)]),
    desc(listings.id),
  ];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...summaryColumns, floorAreaSqFt: listings.floorAreaSqFt, distance })
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ value: count() }).from(listings).where(where),
  ]);
  const total = totalRow?.value ?? 0;
  const summaries = await toSummaries(db, rows);
  return {
    items: summaries.map((summary, index) => ({
      ...summary,
      floorAreaSqFt: rows[index]!.floorAreaSqFt,
      distanceMiles: rows[index]!.distance === null ? null : Number(rows[index]!.distance),
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
