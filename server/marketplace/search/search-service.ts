import type { MarketplaceDeps, Visitor } from '../marketplace-deps.ts';
import type { Listing } from '../listings/schema.ts';
import { findShowcase } from './find-showcase.ts';
import { findSummariesByIds } from './find-summaries.ts';
import { memoiseRecent } from './memoise-recent.ts';
import { findPlaceBySlug, suggestPlaces } from './resolve-location.ts';
import { runMapSearch, runSearch, type SearchInput } from './run-search.ts';

/** A search from its URL; a signed-in viewer's hidden listings are left out (alerts have none). */
export type SearchRequest = Omit<SearchInput, 'viewerSub'> & Partial<Visitor>;

const withViewer = ({ user, ...input }: SearchRequest): SearchInput => ({
  ...input,
  viewerSub: user?.userId,
});

const PLACE_SUGGESTIONS_REMEMBERED = 2000;
/** Town pages' places remembered by slug (the gazetteer has a few thousand). */
const PLACES_REMEMBERED = 5000;

/** Search pages, the map, listing cards by id and the location box's suggestions. */
export function createSearchService({ db, geocoder }: Pick<MarketplaceDeps, 'db' | 'geocoder'>) {
  // The gazetteer is loaded once at start and never changes while the server runs, and the
  // location box asks the same few prefixes over and over. Each trigram lookup scans every
  // place (~25 ms of CPU on PGlite, which runs on the server's only thread: issue 15's load).
  const suggestions = memoiseRecent(
    (needle) => suggestPlaces(db, needle),
    PLACE_SUGGESTIONS_REMEMBERED,
  );
  // Every town page looked its place up: one statement of six a search page (docs/performance.md).
  const placeBySlug = memoiseRecent((slug) => findPlaceBySlug(db, slug), PLACES_REMEMBERED);
  return {
    run: (request: SearchRequest) => runSearch(db, geocoder, withViewer(request), placeBySlug),
    mapPoints: (request: SearchRequest) =>
      runMapSearch(db, geocoder, withViewer(request), placeBySlug),
    /** Cards for listings still on the site, in the order asked. */
    cards: ({ ids }: { ids: number[] }) => findSummariesByIds(db, ids),
    /** Showcase slots: the home page (no town), or a town page's (its place, one channel). */
    showcase: (
      options: {
        channel?: Listing['channel'];
        town?: { name: string; lat: number; lng: number };
      } = {},
    ) => findShowcase(db, options),
    suggestPlaces: ({ text }: { text: string }) => suggestions(text.trim().toLowerCase()),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
