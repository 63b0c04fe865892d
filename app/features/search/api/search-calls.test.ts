import { skipToken } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '~/lib/api-client';
import { listingCardsQuery } from './listing-cards';
import { mapPointsQuery } from './map-points';
import { placeSuggestionsQuery } from './places';
import { searchResultsQuery } from './search-results';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Runs a query's function as TanStack Query would. */
async function run<T>(options: { queryFn?: unknown; queryKey: readonly unknown[] }): Promise<T> {
  const queryFn = options.queryFn as (context: object) => Promise<T>;
  return queryFn({ queryKey: options.queryKey, signal: new AbortController().signal });
}

afterEach(() => vi.unstubAllGlobals());

describe('place suggestions', () => {
  it('asks from two characters, one cache entry whatever the case', async () => {
    expect(placeSuggestionsQuery('b').enabled).toBe(false);
    expect(placeSuggestionsQuery('St Ives').queryKey).toEqual(['places', 'st ives']);
    const fetchMock = answer(200, {
      places: [{ name: 'St Ives', slug: 'st-ives', nation: 'ENG' }],
    });
    const places = await run(placeSuggestionsQuery('St Ives'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/places?q=St%20Ives');
    expect(places).toEqual([{ name: 'St Ives', slug: 'st-ives', nation: 'ENG' }]);
  });
});

describe('map points', () => {
  it('asks for the channel and place with the filters, leaving out the page and view', async () => {
    const options = mapPointsQuery({
      channel: 'rent',
      placeSlug: 'leeds',
      search: 'minBeds=2&page=3&view=map',
    });
    expect(options.queryKey).toEqual(['search-map', 'minBeds=2&channel=rent&place=leeds']);
    const fetchMock = answer(200, { points: [], total: 0, more: false });
    expect(await run(options)).toEqual({ points: [], total: 0, more: false });
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/v1/search/map?minBeds=2&channel=rent&place=leeds',
    );
  });

  it('rejects with the API error message', async () => {
    answer(400, { error: { code: 'VALIDATION_FAILED', message: 'That area is too large.' } });
    const failure = run(mapPointsQuery({ channel: 'sale', placeSlug: null, search: '' }));
    await expect(failure).rejects.toBeInstanceOf(ApiFailure);
    await expect(failure).rejects.toThrow('That area is too large.');
  });
});

describe('returning visitor calls', () => {
  it('skip without a search or ids', () => {
    expect(searchResultsQuery(undefined).queryFn).toBe(skipToken);
    expect(listingCardsQuery([]).queryFn).toBe(skipToken);
  });

  it('read the last search and the cards of the homes viewed', async () => {
    let fetchMock = answer(200, { items: [{ id: 7 }], total: 1 });
    expect(await run(searchResultsQuery('channel=sale&place=leeds&limit=4'))).toMatchObject({
      items: [{ id: 7 }],
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/search?channel=sale&place=leeds&limit=4');
    fetchMock = answer(200, { listings: [{ id: 3 }, { id: 1 }] });
    expect(await run(listingCardsQuery([3, 1]))).toEqual([{ id: 3 }, { id: 1 }]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/listing-cards?ids=3,1');
  });
});
