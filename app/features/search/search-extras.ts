// The search page's parts that are folded away or seldom there, in one chunk of their own
// (`deferred-parts.ts`): 'Use my current location', the banner shown while editing a saved
// search, the advice when nothing matches, and the page links.
export { CurrentLocationButton } from './current-location-button';
export { EditingSavedSearchBanner } from './editing-saved-search';
export { NoResults } from './no-results';
export { Pagination } from './pagination';
