import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from '@domain/search/search-params';
import { channelOf, pathFor, searchWith } from './search-url';

describe('search URLs', () => {
  it('reads the channel from the path', () => {
    expect(channelOf('/search/for-rent/leeds')).toBe('rent');
    expect(channelOf('/search/for-sale/')).toBe('sale');
  });

  it('puts a known town in the path and leaves the typed location out of the query', () => {
    expect(pathFor('sale', { ...DEFAULT_QUERY, location: 'Leeds', minBeds: 2 }, 'leeds')).toBe(
      '/search/for-sale/leeds?minBeds=2',
    );
    expect(pathFor('rent', { ...DEFAULT_QUERY }, null)).toBe('/search/for-rent/');
  });

  it('changes only the parameters asked for', () => {
    const search = {
      channel: 'sale' as const,
      query: { ...DEFAULT_QUERY, minBeds: 2, page: 3 },
      placeSlug: 'leeds',
    };
    expect(searchWith(search, { page: 4 })).toBe('/search/for-sale/leeds?minBeds=2&page=4');
    expect(searchWith(search, { minBeds: undefined, page: 1 })).toBe('/search/for-sale/leeds');
  });
});
