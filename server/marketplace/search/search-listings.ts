// size: one query planner (conditions, grid-cell reads, ordering) tuned and measured as a whole (docs/search.md).
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { featureMask, PETS_CONSIDERED_MASK } from '../../../domain/listing/enums.ts';
import { milesToMetres, type SearchQuery } from '../../../domain/search/search-params.ts';
import type { Database } from '../../../db/client.ts';
import type { ListingSummary } from '../listings/listing-summary.ts';
import { listingPriceHistory, listings, type Listing } from '../listings/schema.ts';
import { hiddenListings } from '../alerts/schema.ts';
import { placementRunningAt } from '../payments/listing-upgrades.ts';
import { upgrades } from '../payments/schema.ts';
import { listingSearch } from './schema.ts';
import { cardsOfHits } from './search-cards.ts';
import { boundsAround, boundsOf, cellsCovering, haversineMetres } from './grid-cells.ts';
import { keywordSignature, type KeywordSignature } from './keyword-signature.ts';
import type { ResolvedLocation } from './resolve-location.ts';
import { FEATURED_BUCKETS, FEATURED_SHUFFLE_LIMIT, bucketsFor } from './featured-buckets.ts';

export const RESULTS_PAGE_SIZE = 24;

export interface SearchResultItem extends ListingSummary {
  floorAreaSqFt: number | null;
  /** Miles from the searched place, when there is one. */
  distanceMiles: number | null;
}

export interface SearchResult {
  items: SearchResultItem[];
  /**
   * Featured homes pinned above `items` (asked for with `featured`): at most `FEATURED_PER_PAGE`,
   * each matching every filter of the search, never repeated in this page's `items`.
   */
  featured: SearchResultItem[];
  /** Matches counted, up to `MAX_RESULTS`. */
  total: number;
  /** There are more than `total` matches (only the first `MAX_RESULTS` can be paged through). */
  totalIsLowerBound: boolean;
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
  /** Results pages: pin this page's share of the matching Featured homes (rotation by `now`). */
  featured?: { now: Date };
  /** The keywords' word bits (`withKeywordSignature` fills it in). */
  keywordSignature?: KeywordSignature;
}

/** At most this many Featured cards are pinned above a results page. */
export const FEATURED_PER_PAGE = 3;
/** The fair rotation of Featured homes reshuffles this often (the same for every visitor). */
export const FEATURED_ROTATION_MS = 5 * 60_000;

/** Which rotation a moment falls in: the seed of the Featured order. */
export function featuredRotation(now: Date): number {
  return Math.floor(now.getTime() / FEATURED_ROTATION_MS);
}

/** The input with its keywords' word bits worked out (one cached look-up per distinct text). */
async function withKeywordSignature(
  db: Database,
  input: SearchListingsInput,
): Promise<SearchListingsInput> {
  const { keywords } = input.query;
  if (!keywords || input.keywordSignature) return input;
  return { ...input, keywordSignature: await keywordSignature(db, keywords) };
}

const AVAILABLE: Listing['status'][] = ['active'];
const POSTCODE_ONLY_MILES = 0.25;
const SAME_NAME_TOWN_MILES = 25;

// Every search reads the narrow `listing_search` table (one ~100-byte row per findable listing),
// then fetches the wide listing rows for the one page it shows.
const s = listingSearch;

function pointOf(location: { lat: number; lng: number }) {
  return sql`ll_to_earth(${location.lat}::float8, ${location.lng}::float8)`;
}

/** The area's bounding box on the earth (a cube), and the exact test each row must pass. */
interface Area {
  box: SQL;
  test: SQL;
}

/** Within `miles` of the point, measured on the sphere. */
function withinMiles(location: { lat: number; lng: number }, miles: number): Area {
  const metres = milesToMetres(miles);
  return {
    box: sql`earth_box(${pointOf(location)}, ${metres}::float8)`,
    test: sql`earth_distance(${pointOf(location)}, ${s.earth}) <= ${metres}::float8`,
  };
}

/**
 * Inside a drawn area: the box of the circle around the polygon, then Postgres's own
 * point-in-polygon test (x = longitude, y = latitude).
 */
function insidePolygon(vertices: { lat: number; lng: number }[]): Area {
  const centre = {
    lat: vertices.reduce((sum, v) => sum + v.lat, 0) / vertices.length,
    lng: vertices.reduce((sum, v) => sum + v.lng, 0) / vertices.length,
  };
  const metres = Math.max(...vertices.map((v) => haversineMetres(centre, v))) * 1.01 + 10;
  const polygon = `(${vertices.map((v) => `(${v.lng},${v.lat})`).join(',')})`;
  return {
    box: sql`earth_box(${pointOf(centre)}, ${metres}::float8)`,
    test: sql`point(longitude(${s.earth}), latitude(${s.earth})) <@ ${polygon}::polygon`,
  };
}

/** A spatial area, or for 'this area only' of a town or district, a plain condition. */
function locationCondition(location: ResolvedLocation, radius: number): Area | SQL {
  if (radius > 0) return withinMiles(location, radius);
  switch (location.kind) {
    case 'place': {
      // The town's own homes, and only near it: several towns share a name (Bangor, Newport).
      // The box first, as a function the planner does not index: it turns the other town's
      // homes away for a tenth of what the exact distance costs (docs/performance.md).
      const near = withinMiles(location, SAME_NAME_TOWN_MILES);
      const town = location.town.toLowerCase();
      return and(eq(s.town, town), sql`cube_contains(${near.box}, ${s.earth})`, near.test)!;
    }
    case 'outcode':
      return eq(s.outcode, location.outcode);
    case 'postcode':
    case 'point':
      return withinMiles(location, POSTCODE_ONLY_MILES);
  }
}

/**
 * First published after `from` (or at it, `inclusive`). The search table's date is the one
 * 'Newest first' sorts by, which for a bumped listing is its latest bump; listings bumped since
 * `from` but first published before it are left out, so a bump never makes a home count as
 * newly added (date filters, alerts). That set is small (recent bumps only) and read once per
 * query through `upgrades_bump_used_idx`, so the date test stays on the covering indexes.
 */
function publishedSince(from: Date | SQL, { inclusive }: { inclusive: boolean }): SQL {
  const original = inclusive
    ? sql`${listings.publishedAt} < ${from}`
    : sql`${listings.publishedAt} <= ${from}`;
  return and(
    inclusive ? gte(s.publishedAt, from) : gt(s.publishedAt, from),
    sql`${s.listingId} not in (select ${upgrades.listingId} from ${upgrades} join ${listings} on ${listings.id} = ${upgrades.listingId} where ${upgrades.kind} = 'bump' and ${upgrades.lastUsedAt} >= ${from} and ${original})`,
  )!;
}

/**
 * Whether the listing (`id`, a column of the statement's candidates) has a Featured upgrade
 * running at `now`. The search table's `featured_until` spans every placement bought, so a
 * placement stacked after a gap would count before it starts without this test; it is made only
 * for the few candidates a page needs, in the rotation's order (`loadFeatured`).
 */
function featuredRunningAt(id: SQL, now: Date): SQL {
  return sql`(select true from ${upgrades} where ${upgrades.listingId} = ${id} and ${placementRunningAt('featured', now)} limit 1)`;
}

function monthly(amount: number, channel: Listing['channel'], period: SearchQuery['pricePeriod']) {
  return channel === 'rent' && period === 'week' ? Math.round((amount * 52) / 12) : amount;
}

function isArea(condition: Area | SQL | undefined): condition is Area {
  return condition !== undefined && 'box' in condition && 'test' in condition;
}

/**
 * The search's WHERE clause. With `spatialIndex` (the default) an area is also stated as a box
 * for the earth GiST index; without, only as the exact test, for plans that read rows in another
 * index's order (nearest first, or a grid cell's price or date order) and test each.
 */
// size: one WHERE-clause builder, a condition per search filter, read top to bottom
export function searchConditions(
  {
    channel,
    query,
    location,
    publishedAfter,
    newOrReducedSince,
    viewerSub,
    keywordSignature,
  }: SearchListingsInput,
  { spatialIndex = true }: { spatialIndex?: boolean } = {},
): SQL | undefined {
  const area = query.polygon
    ? insidePolygon(query.polygon)
    : location
      ? locationCondition(location, query.radius)
      : undefined;
  if (channel !== 'sale' && channel !== 'rent') throw new Error(`Unknown channel ${channel}`);
  const price = {
    min:
      query.minPrice === undefined
        ? undefined
        : monthly(query.minPrice, channel, query.pricePeriod),
    max:
      query.maxPrice === undefined
        ? undefined
        : monthly(query.maxPrice, channel, query.pricePeriod),
  };
  const publishedFrom =
    query.addedWithinDays !== undefined
      ? sql`now() - make_interval(days => ${query.addedWithinDays}::int)`
      : undefined;
  // The channel is written into the statement (it is one of two fixed words) so the planner
  // can use the per-channel partial indexes whatever the driver does with parameters.
  const conditions: (SQL | undefined)[] = [sql`${s.channel} = ${sql.raw(`'${channel}'`)}`];
  if (isArea(area)) {
    // The box first: it is cheap and spares most rows outside the area the exact test. Written
    // as the function rather than the operator, the planner cannot use the earth index for it.
    const inBox = spatialIndex
      ? sql`${area.box} @> ${s.earth}`
      : sql`cube_contains(${area.box}, ${s.earth})`;
    conditions.push(inBox, area.test);
  } else conditions.push(area);
  if (price.min !== undefined) conditions.push(gte(s.monthlyPrice, price.min));
  if (price.max !== undefined) conditions.push(lte(s.monthlyPrice, price.max));
  if (publishedFrom) conditions.push(publishedSince(publishedFrom, { inclusive: true }));
  if (!query.includeAgreed) conditions.push(inArray(s.status, AVAILABLE));
  if (query.minBeds !== undefined) conditions.push(gte(s.bedrooms, query.minBeds));
  if (query.maxBeds !== undefined) conditions.push(lte(s.bedrooms, query.maxBeds));
  if (query.types.length) conditions.push(inArray(s.propertyType, query.types));
  if (query.petsConsidered && channel === 'rent') {
    conditions.push(
      sql`(${s.features} & ${PETS_CONSIDERED_MASK}::smallint) = ${PETS_CONSIDERED_MASK}::smallint`,
    );
  }
  if (query.features.length) {
    const mask = featureMask(query.features);
    conditions.push(sql`(${s.features} & ${mask}::smallint) = ${mask}::smallint`);
  }
  if (channel === 'rent' && query.furnished) conditions.push(eq(s.furnished, query.furnished));
  if (channel === 'rent' && query.letType) conditions.push(eq(s.letType, query.letType));
  // Homes without a stated size stay in the results (shown last and marked), so a size filter
  // never hides a home just because its lister left the size out.
  if (query.minArea !== undefined)
    conditions.push(or(isNull(s.floorAreaSqFt), gte(s.floorAreaSqFt, query.minArea)));
  if (query.maxArea !== undefined)
    conditions.push(or(isNull(s.floorAreaSqFt), lte(s.floorAreaSqFt, query.maxArea)));
  if (publishedAfter) conditions.push(publishedSince(publishedAfter, { inclusive: false }));
  if (newOrReducedSince) {
    // A reduction is a price-history entry lower than the entry before it.
    const h = listingPriceHistory;
    conditions.push(
      or(
        publishedSince(newOrReducedSince, { inclusive: false }),
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
    // Common words are bits of `words`, in every covering index: a home without them all is
    // rejected there, and when the bits alone decide (`exact`) nothing else is read. Otherwise
    // the rest is tested row by row (a primary-key probe each) as the index hands rows out in
    // order, rather than gathering every listing that mentions a common word first.
    const signature = keywordSignature ?? { mask: 0n, exact: false };
    // One test per word, `<> 0`: the planner then reckons (as for the probe before) that few
    // rows fail it and keeps reading in the sort's index order, stopping after the page. Written
    // as `(words & mask) = mask` it guessed 0.5 % would pass and sorted whole cells instead.
    for (let bit = 1n; bit !== 0n && signature.mask !== 0n; bit = BigInt.asIntN(64, bit << 1n)) {
      if ((signature.mask & bit) !== 0n) {
        conditions.push(sql`(${s.words} & ${sql.raw(`${bit}::bigint`)}) <> 0`);
      }
    }
    if (!signature.exact) {
      conditions.push(
        sql`exists (select 1 from ${listings} where ${listings.id} = ${s.listingId} and ${listings.searchVector} @@ websearch_to_tsquery('english', ${query.keywords}))`,
      );
    }
  }
  return and(...conditions);
}

/**
 * `searchConditions` once per search and form: the count, the page and the Featured homes of one
 * search share them, rather than building the same clause three times.
 */
const builtConditions = new WeakMap<SearchListingsInput, Map<boolean, SQL | undefined>>();
function conditionsOf(input: SearchListingsInput, spatialIndex = true): SQL | undefined {
  let forms = builtConditions.get(input);
  if (!forms) builtConditions.set(input, (forms = new Map()));
  if (!forms.has(spatialIndex)) forms.set(spatialIndex, searchConditions(input, { spatialIndex }));
  return forms.get(spatialIndex);
}

/** The grid cells a spatial search's area touches. */
function areaCells(input: SearchListingsInput): number[] {
  const { query, location } = input;
  if (query.polygon) return cellsCovering(boundsOf(query.polygon));
  const metres = areaReachMetres(input);
  return cellsCovering(boundsAround(location!, metres), { centre: location!, metres });
}

/** Whether the search is by area (radius, postcode, drawn area): the sort key's index serves it. */
function isSpatial({ query, location }: SearchListingsInput): boolean {
  if (query.polygon) return true;
  if (!location) return false;
  return query.radius > 0 || location.kind === 'postcode' || location.kind === 'point';
}

function orderFor(input: SearchListingsInput): SQL[] {
  const { query, location } = input;
  const byArea = query.minArea !== undefined || query.maxArea !== undefined;
  const sizeStatedFirst = byArea ? [sql`${s.floorAreaSqFt} is null`] : [];
  if (query.sort === 'nearest' && location) {
    // Nearest first on the earth GiST index. No tie-breaker: the index hands rows out by the
    // distance alone, and its order for equal distances (flats in one building) is stable.
    return [...sizeStatedFirst, sql`${s.earth} <-> ${pointOf(location)}`];
  }
  // The tie-breaker runs the same way as the sort, so one b-tree scan (forwards or backwards)
  // yields the order and stops after the page.
  return [
    ...sizeStatedFirst,
    ...(query.sort === 'price-asc'
      ? [asc(s.monthlyPrice), asc(s.listingId)]
      : query.sort === 'price-desc'
        ? [desc(s.monthlyPrice), desc(s.listingId)]
        : [desc(s.publishedAt), desc(s.listingId)]),
  ];
}

/**
 * A search shows at most this many homes (42 pages), as the big portals do, and counts exactly
 * up to here: past it the page says '1,000+'. Counting further would mean reading every match of
 * a wide search, which is what made a 40-mile search of a city slow.
 */
export const MAX_RESULTS = 1000;

/** Rows on this page: a full page, but never past the `MAX_RESULTS` a search shows. */
function pageLimit(pageSize: number, page: number) {
  return Math.min(pageSize, MAX_RESULTS - (page - 1) * pageSize);
}

/** From this size an area is read cell by cell (its pages by price or date, counts, Featured). */
const CELLS_FROM_MILES = 3;

/** How far the search's area reaches from its middle, in metres (0 when it has no area). */
function areaReachMetres({ query, location }: SearchListingsInput): number {
  if (query.polygon) {
    const { minLat, maxLat, minLng, maxLng } = boundsOf(query.polygon);
    return haversineMetres({ lat: minLat, lng: minLng }, { lat: maxLat, lng: maxLng }) / 2;
  }
  if (!location) return 0;
  return milesToMetres(query.radius > 0 ? query.radius : POSTCODE_ONLY_MILES);
}

/**
 * The cells the area touches as an `int[]` literal: integers worked out here, never input, written
 * in so the planner sees them as constants.
 */
function areaCellArray(input: SearchListingsInput): SQL {
  return sql.raw(`array[${areaCells(input).join(', ')}]::int[]`);
}

/** An area wide enough to be read by its grid cells rather than through the earth GiST. */
function isWideArea(input: SearchListingsInput): boolean {
  return isSpatial(input) && areaReachMetres(input) >= milesToMetres(CELLS_FROM_MILES);
}

/**
 * A wide area sorted by price or date is read cell by cell: from each grid cell's own price or
 * date index rather than gathering the whole area and sorting it. (A small area's homes are
 * cheaper to gather; nearest first has the earth index's own order.) Either way gives the same
 * page: the choice is only about speed, so it need not wait for the count.
 */
function readsCells(input: SearchListingsInput): boolean {
  const { sort, minArea, maxArea } = input.query;
  return isWideArea(input) && sort !== 'nearest' && minArea === undefined && maxArea === undefined;
}

/**
 * The search's conditions, with an area from `CELLS_FROM_MILES` stated as its grid cells instead
 * of the box, so the planner reads it from a b-tree by cell, rather than from an earth GiST
 * whose index-only reads cost about three times as much a row (docs/performance.md). Used
 * for the Featured homes, which the Featured cell index holds, and for counting a search with a
 * price or date filter, which the cell price and date indexes read as a range. (A count without
 * one reads fewer rows from the box, which hugs the circle more closely than the cells.)
 */
function conditionsByCell(input: SearchListingsInput): SQL | undefined {
  if (!isWideArea(input)) return conditionsOf(input);
  return and(sql`${s.gridCell} = any(${areaCellArray(input)})`, conditionsOf(input, false));
}

/** Conditions for counting the matches: by cell when a price or date filter makes a range. */
function countConditions(input: SearchListingsInput): SQL | undefined {
  const { minPrice, maxPrice, addedWithinDays } = input.query;
  const hasRange =
    minPrice !== undefined || maxPrice !== undefined || addedWithinDays !== undefined;
  return hasRange ? conditionsByCell(input) : conditionsOf(input);
}

/**
 * The page of a busy area: each grid cell the area touches gives its own first matches in the
 * sort's order (cheapest, dearest or newest), read from the cell's index and stopping after as
 * many as the page could need, and the page is the first of those. A 40-mile search touches
 * about 30 cells, so page one reads a few hundred index entries however many homes it holds.
 */
function pageInCells(input: SearchListingsInput, pageSize: number, page: number): SQL {
  const { sort } = input.query;
  const direction = sql.raw(sort === 'price-asc' ? 'asc' : 'desc');
  const sortColumn = sort === 'newest' ? s.publishedAt : s.monthlyPrice;
  const needed = (page - 1) * pageSize + pageLimit(pageSize, page);
  const order = sql`"per_cell"."key" ${direction}, "per_cell"."id" ${direction}`;
  return sql`select "per_cell"."id" as "hit_id", "per_cell"."earth" as "hit_earth", row_number() over (order by ${order}) as "hit_rank" from unnest(${areaCellArray(input)}) as cells(cell) cross join lateral (select ${s.listingId} as "id", ${s.earth} as "earth", ${sortColumn} as "key" from ${s} where ${s.gridCell} = cells.cell and ${conditionsOf(input, false)} order by ${sortColumn} ${direction}, ${s.listingId} ${direction} limit ${needed}) "per_cell" order by ${order} limit ${pageLimit(pageSize, page)} offset ${(page - 1) * pageSize}`;
}

/** The matches counted, up to `MAX_RESULTS + 1` (one more says there are others). */
async function countMatching(db: Database, input: SearchListingsInput): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as "value" from (select 1 from ${s} where ${countConditions(input) ?? sql`true`} limit ${MAX_RESULTS + 1}) "matches"`,
  )) as unknown as { rows: { value: number }[] };
  return rows[0]?.value ?? 0;
}

/** How many homes a search finds (its `total`), without reading a page: one statement. */
export async function countListings(db: Database, searched: SearchListingsInput): Promise<number> {
  return Math.min(await countMatching(db, await withKeywordSignature(db, searched)), MAX_RESULTS);
}

/**
 * Two queries, each bounded by the page rather than by the number of matches: the count, which
 * stops at `MAX_RESULTS + 1`, and the page with each home's card fields, cover and 'Reduced' flag
 * joined on. A small area's matches are gathered through the earth index and sorted; a wide one
 * is read in the sort's own order (price or date cell by cell, nearest first from the earth
 * index when the area is busy), so the page stops after its rows.
 */
export async function searchListings(
  db: Database,
  searched: SearchListingsInput,
): Promise<SearchResult> {
  const input = await withKeywordSignature(db, searched);
  const { query } = input;
  const pageSize = input.pageSize ?? RESULTS_PAGE_SIZE;
  const countMatches = () => countMatching(db, input);
  const paging = (matches: number) => {
    const total = Math.min(matches, MAX_RESULTS);
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    return {
      total,
      totalIsLowerBound: matches > MAX_RESULTS,
      page: Math.min(query.page, pageCount),
      pageCount,
    };
  };

  // Nearest first must know whether the area is busy (below); any other order does not, so on
  // PostgreSQL the count and the page run at once, on two connections.
  if (query.sort === 'nearest' && input.location) {
    const [matches, featured] = await Promise.all([
      countMatches(),
      loadFeatured(db, input, query.page),
    ]);
    const result = paging(matches);
    if (matches === 0) return { ...result, items: [], featured: [] };
    // A busy area's nearest homes come in the earth index's own order, stopping after the page;
    // a quiet one's are gathered through the index and sorted (the index's order alone would not
    // stop at the edge of a quiet area).
    const inIndexOrder = matches > MAX_RESULTS;
    const [items, pinned] = await Promise.all([
      loadPage(db, input, pageSize, result.page, inIndexOrder),
      result.page === query.page ? featured : loadFeatured(db, input, result.page),
    ]);
    return withFeatured({ ...result, items }, pinned);
  }
  const [matches, items, featured] = await Promise.all([
    countMatches(),
    loadPage(db, input, pageSize, query.page, false),
    loadFeatured(db, input, query.page),
  ]);
  const result = paging(matches);
  // Asked for a page past the end: show the last one.
  if (result.page === query.page || matches === 0)
    return withFeatured({ ...result, items }, featured);
  const [lastPage, pinned] = await Promise.all([
    loadPage(db, input, pageSize, result.page, false),
    loadFeatured(db, input, result.page),
  ]);
  return withFeatured({ ...result, items: lastPage }, pinned);
}

/**
 * Pins the page's Featured homes above its ordinary results. A Featured home that also falls on
 * this page of the ordinary order is shown once, pinned (the page then has fewer ordinary cards);
 * the ordinary order, the count and the other pages stay exactly as without Featured homes.
 */
function withFeatured(
  result: Omit<SearchResult, 'featured'>,
  featured: SearchResultItem[],
): SearchResult {
  const ids = new Set(featured.map((item) => item.id));
  return { ...result, items: result.items.filter((item) => !ids.has(item.id)), featured };
}

/**
 * This page's Featured homes: those with a Featured upgrade running now that match every
 * condition of the search (channel, area, filters, keywords, hidden homes). Fair rotation: the
 * matching Featured homes are put in a pseudo-random order, the same for every visitor, that
 * changes every `FEATURED_ROTATION_MS` (md5 of the listing id and the rotation number); page 1
 * pins the first three, page 2 the next three, and so on. Each Featured home of a search is thus
 * equally likely to be first over time, whatever its price, date or id, and within one rotation
 * a visitor paging through sees each one at most once. Signed-out pages cached for a few seconds
 * stay consistent with it.
 *
 * One statement, which runs beside the count and the page: the matches are read once, up to
 * `FEATURED_SHUFFLE_LIMIT` + 1; up to the limit they are shuffled whole, past it only this
 * rotation's buckets are read (featured-buckets.ts). The branch not taken is skipped by a
 * one-time filter. Whether a placement is running is tested in the rotation's order, only until
 * the page has its homes.
 */
async function loadFeatured(
  db: Database,
  input: SearchListingsInput,
  page: number,
): Promise<SearchResultItem[]> {
  if (!input.featured) return [];
  const { now } = input.featured;
  const rotation = featuredRotation(now);
  const offset = (page - 1) * FEATURED_PER_PAGE;
  const matching = and(conditionsByCell(input), gt(s.featuredUntil, now));
  const shuffle = sql`md5(${s.listingId}::text || ':' || ${rotation}::text)`;
  const buckets = bucketsFor(rotation, offset + FEATURED_PER_PAGE);
  // The statement's fixed numbers are written into it, so the planner sees them as constants.
  const number = (value: number) => sql.raw(String(value));
  const n = number(FEATURED_BUCKETS);
  const limit = number(FEATURED_SHUFFLE_LIMIT);
  // Buckets in the rotation's order: its own first, then round.
  const turn = sql`((${s.listingId} % ${n}) + ${number(FEATURED_BUCKETS - buckets[0]!)}) % ${n}`;
  const inBuckets = sql`(${s.listingId} % ${n}) in (${sql.join(buckets.map(number), sql`, `)})`;
  const matches = sql`select ${s.listingId} as id, ${s.earth} as earth, ${shuffle} as shuffle from ${s} where ${matching} limit ${number(FEATURED_SHUFFLE_LIMIT + 1)}`;
  const whole = sql`select id, earth, 0 as turn, shuffle from matches where (select count(*) from matches) <= ${limit}`;
  const byBucket = sql`select ${s.listingId}, ${s.earth}, ${turn}, ${shuffle} from ${s} where ${matching} and ${inBuckets} and (select count(*) from matches) > ${limit}`;
  // `offset 0` keeps the candidates a subquery in this order, so the test of the placement
  // below is made on them one by one until the page is full, not on every match first.
  const candidates = sql`(${whole}) union all (${byBucket}) order by turn, shuffle offset 0`;
  const hits = sql`with matches as (${matches})
select id as hit_id, earth as hit_earth, row_number() over (order by turn, shuffle) as hit_rank from (
  select id, earth, turn, shuffle from (${candidates}) candidates
  where ${featuredRunningAt(sql`candidates.id`, now)}
  order by turn, shuffle limit ${number(FEATURED_PER_PAGE)} offset ${offset}
) pinned`;
  return cardsOf(db, hits, input.location);
}

/** One page of homes with their card fields, cover and 'Reduced' flag, in one query. */
async function loadPage(
  db: Database,
  input: SearchListingsInput,
  pageSize: number,
  page: number,
  nearestInIndexOrder: boolean,
): Promise<SearchResultItem[]> {
  const { location } = input;
  if ((page - 1) * pageSize >= MAX_RESULTS) return [];
  const order = sql.join(orderFor(input), sql`, `);
  // Given the box as well, the planner would gather the whole area and sort it.
  const hits = readsCells(input)
    ? pageInCells(input, pageSize, page)
    : sql`select ${s.listingId} as "hit_id", ${s.earth} as "hit_earth", row_number() over (order by ${order}) as "hit_rank" from ${s} where ${conditionsOf(input, !nearestInIndexOrder) ?? sql`true`} order by ${order} limit ${pageLimit(pageSize, page)} offset ${(page - 1) * pageSize}`;
  return cardsOf(db, hits, location);
}

/** The cards of a page's hits (id, earth, rank), in rank order, with their distances: one query. */
function cardsOf(
  db: Database,
  hits: SQL,
  location: ResolvedLocation | undefined,
): Promise<SearchResultItem[]> {
  const distance = location
    ? sql`earth_distance(${pointOf(location)}, "hits"."hit_earth") / 1609.344`
    : undefined;
  return cardsOfHits(db, hits, distance);
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

/**
 * Every match's position for the map, newest first, in one query: up to `limit`, with `more`
 * set when there are others (the map then asks the visitor to zoom in or filter).
 */
export async function searchMapPoints(
  db: Database,
  searched: SearchListingsInput & { limit?: number },
): Promise<{ points: MapPoint[]; total: number; more: boolean }> {
  const input = await withKeywordSignature(db, searched);
  const limit = searched.limit ?? 1000;
  const newest = orderFor({
    ...input,
    query: { ...input.query, sort: 'newest', minArea: undefined, maxArea: undefined },
  });
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
    })
    .from(s)
    .innerJoin(listings, eq(listings.id, s.listingId))
    .where(searchConditions(input))
    .orderBy(...newest)
    .limit(limit + 1);
  const points = rows.slice(0, limit);
  return { points, total: points.length, more: rows.length > limit };
}
