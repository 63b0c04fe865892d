import type { MarketplaceDeps, Visitor } from '../marketplace-deps.ts';
import type { Listing } from '../listings/schema.ts';
import { findShowcase } from './find-showcase.ts';
import { findSummariesByIds } from './find-summaries.ts';
import { lazyGazetteer } from './gazetteer.ts';
import { runMapSearch, runSearch, type SearchInput } from './run-search.ts';

/** A search from its URL; a signed-in viewer's hidden listings are left out (alerts have none). */
export type SearchRequest = Omit<SearchInput, 'viewerSub'> & Partial<Visitor>;

const withViewer = ({ user, ...input }: SearchRequest): SearchInput => ({
  ...input,
  viewerSub: user?.userId,
});

/** Search pages, the map, listing cards by id and the location box's suggestions. */
export function createSearchService({ db, geocoder }: Pick<MarketplaceDeps, 'db' | 'geocoder'>) {
  // Places never change while the server runs: held in memory, read on the first search.
  const gazetteer = lazyGazetteer(db);
  return {
    run: async (request: SearchRequest) =>
      runSearch(db, geocoder, withViewer(request), await gazetteer()),
    mapPoints: async (request: SearchRequest) =>
      runMapSearch(db, geocoder, withViewer(request), await gazetteer()),
    /** Cards for listings still on the site, in the order asked. */
    cards: ({ ids }: { ids: number[] }) => findSummariesByIds(db, ids),
    /** Showcase slots: the home page (no town), or a town page's (its place, one channel). */
    showcase: (
      options: {
        channel?: Listing['channel'];
        town?: { name: string; lat: number; lng: number };
      } = {},
    ) => findShowcase(db, options),
    suggestPlaces: async ({ text }: { text: string }) => (await gazetteer()).suggest(text),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
