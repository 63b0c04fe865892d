import { deferredComponent } from '~/components/deferred-component';

const extras = () => import('./search-extras');

/**
 * Parts of the search page rendered by the server as usual, their code loaded apart from the
 * route's (`deferredComponent`): none is needed to read the results.
 */
export const DeferredMoreFilters = deferredComponent(async () => (await extras()).MoreFilters);
export const DeferredSaveSearch = deferredComponent(async () => (await extras()).SaveSearch);
export const DeferredEditingBanner = deferredComponent(
  async () => (await extras()).EditingSavedSearchBanner,
);
export const DeferredCurrentLocationButton = deferredComponent(
  async () => (await extras()).CurrentLocationButton,
);
export const DeferredNoResults = deferredComponent(async () => (await extras()).NoResults);
export const DeferredPagination = deferredComponent(async () => (await extras()).Pagination);

/** For the route's loaders: each part renders at once, never as its fallback. */
export const preloadSearchParts = () =>
  Promise.all([
    DeferredMoreFilters.preload(),
    DeferredSaveSearch.preload(),
    DeferredEditingBanner.preload(),
    DeferredCurrentLocationButton.preload(),
    DeferredNoResults.preload(),
    DeferredPagination.preload(),
  ]);
