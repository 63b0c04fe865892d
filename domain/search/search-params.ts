import {
  FURNISHED_STATES,
  LET_TYPES,
  LISTING_FEATURES,
  PROPERTY_TYPES,
  type FurnishedState,
  type LetType,
  type ListingFeature,
  type PropertyTypeValue,
} from '../listing/enums.ts';
import { parseTypedPrice } from '../price-input.ts';

/**
 * The search state lives in the URL. This module is the one reading and writing of it, used by
 * the server loader and the browser alike. Parsing never fails: a bad value is dropped and
 * explained in a notice, so nonsense in a shared link still gives a normal page.
 */

export const RADIUS_MILES = [0, 0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40] as const;
/**
 * A search by full postcode opens this far round it, as the big portals' do: a postcode is a
 * street or two, and 'this area only' (a quarter of a mile) often held no homes at all.
 */
export const POSTCODE_RADIUS_MILES = 0.5;
export const ADDED_WITHIN_DAYS = [1, 3, 7, 14] as const;
export const SORTS = ['newest', 'price-asc', 'price-desc', 'nearest'] as const;
export const MAX_KEYWORDS_LENGTH = 200;
export const MAX_LOCATION_LENGTH = 100;
const MAX_PRICE = 100_000_000;
const MAX_PAGE = 1000;

export type Sort = (typeof SORTS)[number];

/** Roughly the UK and its islands: a `near` point outside this is ignored. */
const UK_BOUNDS = { minLat: 49.8, maxLat: 60.9, minLng: -8.7, maxLng: 1.8 };

export interface SearchQuery {
  location?: string;
  /** An area drawn on the map (or the map's view): only homes inside it. */
  polygon?: { lat: number; lng: number }[];
  /** 'Current location': a point from the browser, searched around instead of a place. */
  near?: { lat: number; lng: number };
  /** Miles; 0 means 'this area only'. */
  radius: number;
  /** Whole pounds; per calendar month for rents unless `pricePeriod` is 'week'. */
  minPrice?: number;
  maxPrice?: number;
  pricePeriod: 'month' | 'week';
  minBeds?: number;
  maxBeds?: number;
  types: PropertyTypeValue[];
  /** Must-haves: every one listed is required. */
  features: ListingFeature[];
  addedWithinDays?: number;
  /** Rentals only. */
  furnished?: FurnishedState;
  letType?: LetType;
  /** Rentals only: lets whose landlord considers pets (every let in England, by law). */
  petsConsidered?: boolean;
  /** Also show under offer, sold STC and let agreed. */
  includeAgreed: boolean;
  /** Square feet. */
  minArea?: number;
  maxArea?: number;
  keywords?: string;
  sort: Sort;
  page: number;
  /** Show the map above the list. */
  view?: 'map';
}

export const DEFAULT_QUERY: SearchQuery = {
  radius: 0,
  pricePeriod: 'month',
  types: [],
  features: [],
  includeAgreed: true,
  sort: 'newest',
  page: 1,
};

export interface ParsedSearch {
  query: SearchQuery;
  /** Plain-English notes about values we ignored. */
  notices: string[];
}

function wholeNumber(raw: string | null, max: number): number | undefined | 'invalid' {
  if (raw === null || raw.trim() === '') return undefined;
  const cleaned = raw.replace(/[£,\s]/g, '').toLowerCase();
  const scaled = /^\d+(\.\d+)?k$/.test(cleaned)
    ? Number(cleaned.slice(0, -1)) * 1000
    : Number(cleaned);
  if (!Number.isFinite(scaled) || scaled < 0 || scaled > max) return 'invalid';
  return Math.round(scaled);
}

/** A postcode or district is shown as postcodes are written: 'sw1a 1aa' → 'SW1A 1AA', 'm1' → 'M1'. */
function upperCasePostcode(location: string): string {
  const compact = location.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{1,2}\d[A-Z\d]?$/.test(compact)) return compact;
  if (/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact))
    return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return location;
}

/** A price as people type it ('£325,000', '325k', '£1.2m'). */
function typedPrice(raw: string | null, max: number): number | undefined | 'invalid' {
  if (raw === null || raw.trim() === '') return undefined;
  const pounds = parseTypedPrice(raw)?.pounds;
  return pounds === undefined || pounds > max ? 'invalid' : pounds;
}

export function parseSearchParams(params: URLSearchParams): ParsedSearch {
  const notices: string[] = [];
  const query: SearchQuery = { ...DEFAULT_QUERY, types: [], features: [] };
  for (const read of [readWhere, readRanges, readFilters, readWordsAndPaging]) {
    read(params, query, notices);
  }
  return { query, notices };
}

/** Each reads its parameters into the query, with a notice for each value it ignores. */
type ParamsReader = (params: URLSearchParams, query: SearchQuery, notices: string[]) => void;

/** Where: a location, the browser's position, an area drawn on the map, a radius. */
const readWhere: ParamsReader = (params, query, notices) => {
  const location = params.get('location')?.trim();
  if (location) {
    if (location.length > MAX_LOCATION_LENGTH)
      notices.push('The location was too long, so we ignored it.');
    else query.location = upperCasePostcode(location);
  }

  const near = params.get('near');
  if (near) {
    const [lat, lng] = near.split(',').map(Number);
    const inUk =
      lat !== undefined &&
      lng !== undefined &&
      lat >= UK_BOUNDS.minLat &&
      lat <= UK_BOUNDS.maxLat &&
      lng >= UK_BOUNDS.minLng &&
      lng <= UK_BOUNDS.maxLng;
    if (inUk) query.near = { lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)) };
    else notices.push('Your current location looks to be outside the UK, so we ignored it.');
  }

  const polygon = params.get('polygon');
  if (polygon) readPolygon(polygon, query, notices);

  const radius = params.get('radius');
  let isRadiusChosen = false;
  if (radius !== null && radius !== '') {
    const value = Number(radius);
    isRadiusChosen = (RADIUS_MILES as readonly number[]).includes(value);
    if (isRadiusChosen) query.radius = value;
    else notices.push(`We ignored the radius "${radius.slice(0, 20)}": choose one from the list.`);
  }
  if (!isRadiusChosen && query.location && isFullPostcode(query.location)) {
    query.radius = POSTCODE_RADIUS_MILES;
  }
};

function readPolygon(polygon: string, query: SearchQuery, notices: string[]): void {
  const points = polygon.split(';').map((pair) => pair.split(',').map(Number));
  const isValid =
    points.length >= 3 &&
    points.length <= 50 &&
    points.every(
      ([lat, lng, extra]) =>
        extra === undefined &&
        lat !== undefined &&
        lng !== undefined &&
        lat >= UK_BOUNDS.minLat &&
        lat <= UK_BOUNDS.maxLat &&
        lng >= UK_BOUNDS.minLng &&
        lng <= UK_BOUNDS.maxLng,
    );
  const vertices = isValid
    ? points.map(([lat, lng]) => ({ lat: Number(lat!.toFixed(5)), lng: Number(lng!.toFixed(5)) }))
    : [];
  if (isValid && !enclosesAnArea(vertices)) {
    notices.push(
      'We couldn’t use the area drawn on the map: its points lie on one line, so it has no inside. Draw at least three corners that are not in a line.',
    );
  } else if (isValid) {
    query.polygon = vertices;
  } else {
    notices.push(
      'We couldn’t use the area drawn on the map (it needs 3 to 50 points in the UK), so we ignored it.',
    );
  }
}

/** Price, bedroom and floor-area ranges; a minimum above its maximum is swapped. */
const readRanges: ParamsReader = (params, query, notices) => {
  const numbers: Array<[keyof SearchQuery, string, string, number]> = [
    ['minPrice', 'minPrice', 'minimum price', MAX_PRICE],
    ['maxPrice', 'maxPrice', 'maximum price', MAX_PRICE],
    ['minBeds', 'minBeds', 'minimum bedrooms', 50],
    ['maxBeds', 'maxBeds', 'maximum bedrooms', 50],
    ['minArea', 'minArea', 'minimum floor area', 1_000_000],
    ['maxArea', 'maxArea', 'maximum floor area', 1_000_000],
  ];
  for (const [field, name, label, max] of numbers) {
    const raw = params.get(name);
    const value = field.endsWith('Price') ? typedPrice(raw, max) : wholeNumber(raw, max);
    if (value === 'invalid')
      notices.push(`We ignored the ${label} "${raw!.slice(0, 20)}": it isn't a sensible number.`);
    else if (value !== undefined) (query[field] as number) = value;
  }
  for (const [low, high, label] of [
    ['minPrice', 'maxPrice', 'price'],
    ['minBeds', 'maxBeds', 'bedrooms'],
    ['minArea', 'maxArea', 'floor area'],
  ] as const) {
    const min = query[low];
    const max = query[high];
    if (min !== undefined && max !== undefined && min > max) {
      query[low] = max;
      query[high] = min;
      notices.push(`The minimum ${label} was above the maximum, so we swapped them.`);
    }
  }
};

/** Price period, property types, must-haves, age, furnishing, let type, agreed and pets. */
const readFilters: ParamsReader = (params, query, notices) => {
  if (params.get('period') === 'week') query.pricePeriod = 'week';

  for (const type of params.getAll('type')) {
    if ((PROPERTY_TYPES as readonly string[]).includes(type)) {
      if (!query.types.includes(type as PropertyTypeValue))
        query.types.push(type as PropertyTypeValue);
    } else notices.push(`We ignored the unknown property type "${type.slice(0, 30)}".`);
  }

  for (const feature of params.getAll('has')) {
    if ((LISTING_FEATURES as readonly string[]).includes(feature)) {
      if (!query.features.includes(feature as ListingFeature))
        query.features.push(feature as ListingFeature);
    } else notices.push(`We ignored the unknown must-have "${feature.slice(0, 30)}".`);
  }

  const added = params.get('added');
  if (added !== null && added !== '') {
    const value = Number(added);
    if ((ADDED_WITHIN_DAYS as readonly number[]).includes(value)) query.addedWithinDays = value;
    else
      notices.push(`We ignored "added to site" "${added.slice(0, 20)}": choose one from the list.`);
  }

  for (const [name, allowed, label] of [
    ['furnished', FURNISHED_STATES, 'furnishing'],
    ['letType', LET_TYPES, 'let type'],
  ] as const) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    if ((allowed as readonly string[]).includes(raw))
      (query as unknown as Record<string, string>)[name] = raw;
    else notices.push(`We ignored the ${label} "${raw.slice(0, 20)}": choose one from the list.`);
  }

  const agreed = params.get('agreed');
  if (agreed === 'exclude') query.includeAgreed = false;
  if (params.get('pets') === 'considered') query.petsConsidered = true;
};

/** Keywords, sort order, map view and page. */
const readWordsAndPaging: ParamsReader = (params, query, notices) => {
  const keywords = params.get('keywords')?.trim();
  if (keywords) {
    if (keywords.length > MAX_KEYWORDS_LENGTH) {
      query.keywords = keywords.slice(0, MAX_KEYWORDS_LENGTH);
      notices.push(
        `Keywords are limited to ${MAX_KEYWORDS_LENGTH} characters, so we used the start.`,
      );
    } else query.keywords = keywords;
  }

  const sort = params.get('sort');
  if (sort) {
    if ((SORTS as readonly string[]).includes(sort)) query.sort = sort as Sort;
    else notices.push(`We ignored the sort order "${sort.slice(0, 20)}".`);
  }

  if (params.get('view') === 'map') query.view = 'map';

  const page = params.get('page');
  if (page) {
    const value = Number(page);
    if (Number.isInteger(value) && value >= 1 && value <= MAX_PAGE) query.page = value;
    else notices.push(`There is no page "${page.slice(0, 20)}", so we showed the first page.`);
  }
};

/** Shaped like a full UK postcode ('LS29 8AZ', 'ls298az'), not a district or a place name. */
export function isFullPostcode(text: string): boolean {
  return /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i.test(text.trim());
}

/** The URL query for a search, leaving out defaults so links stay short and shareable. */
export function toSearchParams(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.location) params.set('location', query.location);
  if (query.near) params.set('near', `${query.near.lat},${query.near.lng}`);
  if (query.polygon)
    params.set('polygon', query.polygon.map(({ lat, lng }) => `${lat},${lng}`).join(';'));
  // 'This area only' is written out for a full postcode, whose search otherwise opens wider.
  if (query.radius || (query.radius === 0 && isFullPostcode(query.location ?? ''))) {
    params.set('radius', String(query.radius));
  }
  for (const key of ['minPrice', 'maxPrice', 'minBeds', 'maxBeds', 'minArea', 'maxArea'] as const) {
    if (query[key] !== undefined) params.set(key, String(query[key]));
  }
  if (query.pricePeriod === 'week') params.set('period', 'week');
  for (const type of query.types ?? []) params.append('type', type);
  for (const feature of query.features ?? []) params.append('has', feature);
  if (query.addedWithinDays) params.set('added', String(query.addedWithinDays));
  if (query.furnished) params.set('furnished', query.furnished);
  if (query.letType) params.set('letType', query.letType);
  if (query.petsConsidered) params.set('pets', 'considered');
  if (query.includeAgreed === false) params.set('agreed', 'exclude');
  if (query.keywords) params.set('keywords', query.keywords);
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.view === 'map') params.set('view', 'map');
  return params;
}

/** Radius in metres for the database (miles × 1609.344). */
export function milesToMetres(miles: number): number {
  return miles * 1609.344;
}

/**
 * Whether a drawn outline has an inside: its area (shoelace formula, in squared degrees) above
 * what rounding to five decimals can make of points on one line.
 */
function enclosesAnArea(vertices: readonly { lat: number; lng: number }[]): boolean {
  let twiceArea = 0;
  for (const [index, a] of vertices.entries()) {
    const b = vertices[(index + 1) % vertices.length]!;
    twiceArea += a.lng * b.lat - b.lng * a.lat;
  }
  return Math.abs(twiceArea) / 2 > 1e-8;
}
