import { parseSearchParams, type SearchQuery } from '../../../domain/search/search-params.ts';
import type { Database } from '../../../db/client.ts';
import type { Listing } from '../listings/schema.ts';
import type { Gazetteer, PlaceSuggestion } from './gazetteer.ts';
import type { Geocoder } from './geocoder.ts';
import { placementNote } from './placement-note.ts';
import { resolveLocation, type ResolvedLocation } from './resolve-location.ts';
import {
  countListings,
  searchListings,
  searchMapPoints,
  type SearchResult,
} from './search-listings.ts';

export interface SearchPage extends SearchResult {
  channel: Listing['channel'];
  query: SearchQuery;
  notices: string[];
  location: ResolvedLocation | null;
  /** Set when the location typed could not be found: the message and similar names. */
  locationProblem: { message: string; suggestions: PlaceSuggestion[] } | null;
  /** The town's canonical page, when the search is for a known place by name. */
  placeSlug: string | null;
  /** With no homes found around a location: how many 1, 3 and 5 miles out would find. */
  widerCounts: { miles: number; total: number }[];
}

/** The radii an empty search offers, with their counts. */
const WIDER_MILES = [1, 3, 5];

export interface SearchInput {
  channel: Listing['channel'];
  params: URLSearchParams;
  placeSlug?: string;
  /** The signed-in viewer, whose hidden listings are left out. */
  viewerSub?: string;
  /** Alerts: only listings published after this, many at once. */
  publishedAfter?: Date;
  /** Alerts: listings published or reduced after this. */
  newOrReducedSince?: Date;
  pageSize?: number;
  /** Results pages (not alerts): pin the matching Featured homes running at this moment. */
  featuredAt?: Date;
}

type ResolvedSearch = Pick<SearchPage, 'query' | 'notices' | 'location' | 'locationProblem'>;

/** Reads the URL and places the location; never throws for bad input. */
async function resolveSearch(
  geocoder: Geocoder,
  input: SearchInput,
  gazetteer: Gazetteer,
): Promise<ResolvedSearch> {
  const { query, notices } = parseSearchParams(input.params);
  let location: ResolvedLocation | null = null;
  let locationProblem: SearchPage['locationProblem'] = null;

  if (query.near) {
    location = { kind: 'point', label: 'your location', ...query.near };
    query.location = undefined;
  } else if (input.placeSlug) {
    const place = gazetteer.bySlug(input.placeSlug);
    if (place) {
      location = {
        kind: 'place',
        label: place.name,
        slug: place.slug,
        town: place.name,
        lat: place.lat,
        lng: place.lng,
      };
      query.location = place.name;
    } else {
      locationProblem = {
        message: `We couldn't find a place called "${input.placeSlug.replace(/-/g, ' ')}".`,
        suggestions: [],
      };
    }
  } else if (query.location) {
    const lookup = await resolveLocation(gazetteer, geocoder, query.location);
    if (lookup.status === 'found') location = lookup.location;
    else locationProblem = { message: lookup.message, suggestions: lookup.suggestions };
  }

  if (query.sort === 'nearest' && !location) {
    query.sort = 'newest';
    notices.push('Sorting by distance needs a location, so we sorted by newest.');
  }
  return { query, notices, location, locationProblem };
}

/**
 * A results page from URL parameters (and the town in the path, e.g. `/search/for-sale/leeds`).
 * Never throws for bad input: what cannot be used is left out and explained in `notices`.
 */
export async function runSearch(
  db: Database,
  geocoder: Geocoder,
  input: SearchInput,
  gazetteer: Gazetteer,
): Promise<SearchPage> {
  const resolved = await resolveSearch(geocoder, input, gazetteer);
  const { query, location, locationProblem } = resolved;
  const results = locationProblem
    ? { items: [], featured: [], total: 0, totalIsLowerBound: false, page: 1, pageCount: 1 }
    : await searchListings(db, {
        channel: input.channel,
        query,
        location: location ?? undefined,
        viewerSub: input.viewerSub,
        publishedAfter: input.publishedAfter,
        newOrReducedSince: input.newOrReducedSince,
        pageSize: input.pageSize,
        featured: input.featuredAt ? { now: input.featuredAt } : undefined,
      });
  let widerCounts: SearchPage['widerCounts'] = [];
  // Only for people looking at a page: alert runs (new homes since…) are often empty.
  const isAlertRun = input.publishedAfter !== undefined || input.newOrReducedSince !== undefined;
  if (results.total === 0 && location && !query.polygon && !isAlertRun) {
    const wider = WIDER_MILES.filter((miles) => miles > query.radius);
    widerCounts = await Promise.all(
      wider.map(async (miles) => ({
        miles,
        total: await countListings(db, {
          channel: input.channel,
          query: { ...query, radius: miles, page: 1 },
          location,
          viewerSub: input.viewerSub,
        }),
      })),
    );
  }
  const note = placementNote(location);
  if (note) resolved.notices.push(note);
  if (results.page < query.page) {
    resolved.notices.push(
      results.totalIsLowerBound
        ? `We show the first ${results.total.toLocaleString('en-GB')} homes of a search (${results.pageCount} pages), so here is the last of them: add filters or narrow the area to see others.`
        : `There ${results.pageCount === 1 ? 'is only 1 page' : `are only ${results.pageCount} pages`} of results, so here is the last.`,
    );
    query.page = results.page;
  }
  return {
    channel: input.channel,
    ...resolved,
    placeSlug: location?.kind === 'place' ? location.slug : null,
    ...results,
    widerCounts,
  };
}

/** The same search's matches as map points (the map view shows every match, not one page). */
export async function runMapSearch(
  db: Database,
  geocoder: Geocoder,
  input: SearchInput,
  gazetteer: Gazetteer,
) {
  const { query, location, locationProblem } = await resolveSearch(geocoder, input, gazetteer);
  if (locationProblem) return { points: [], total: 0, more: false, centre: null };
  const result = await searchMapPoints(db, {
    channel: input.channel,
    query,
    location: location ?? undefined,
    viewerSub: input.viewerSub,
  });
  // Where the search is measured from, so the map can show it even when nothing is near.
  const centre = location ? { lat: location.lat, lng: location.lng, label: location.label } : null;
  return { ...result, centre };
}
