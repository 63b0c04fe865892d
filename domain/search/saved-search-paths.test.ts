import { describe, expect, it } from 'vitest';
import {
  savedSearchEditPath,
  savedSearchLandingPath,
  savedSearchResultsPath,
} from './saved-search-paths.ts';

describe('saved search paths', () => {
  const townSearch = { id: 7, channel: 'rent' as const, placeSlug: 'leeds', params: 'minBeds=2' };

  it('open the results of a town page, or of a search without one', () => {
    expect(savedSearchResultsPath(townSearch)).toBe('/search/for-rent/leeds?minBeds=2');
    expect(savedSearchResultsPath({ channel: 'sale', placeSlug: null, params: '' })).toBe(
      '/search/for-sale/',
    );
  });

  it('edit on the search page, naming the saved search after its criteria', () => {
    expect(savedSearchEditPath(townSearch)).toBe('/search/for-rent/leeds?minBeds=2&savedSearch=7');
    expect(savedSearchEditPath({ ...townSearch, placeSlug: null, params: '' })).toBe(
      '/search/for-rent/?savedSearch=7',
    );
  });

  it('give each saved search its own link', () => {
    expect(savedSearchLandingPath(7)).toBe('/saved-searches/7');
  });
});
