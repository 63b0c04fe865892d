import { deferredComponent } from '~/components/deferred-component';

const extras = () => import('./search-extras');

/**
 * Parts of the search page rendered by the server as usual, their code loaded apart from the
 * route's (`deferredComponent`): none is needed to read the results. Folded parts a visitor opens
 * ('More filters', saving the search) are not among them: a parent that renders again before the
 * chunk arrives has React render a waiting part afresh, which would close what was opened.
 */
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
    DeferredEditingBanner.preload(),
    DeferredCurrentLocationButton.preload(),
    DeferredNoResults.preload(),
    DeferredPagination.preload(),
  ]);
