import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '~/lib/api-client';
import { mergeFavourites } from './merge-favourites';
import { setFavourite } from './set-favourite';

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('setFavourite', () => {
  it('saves with PUT and takes out with DELETE, sending the sign-in cookie', async () => {
    const fetchMock = answer(204);
    await setFavourite({ listingId: '12', isSaved: true });
    await setFavourite({ listingId: '12', isSaved: false });
    expect(fetchMock.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      ['PUT', '/api/v1/favourites/12'],
      ['DELETE', '/api/v1/favourites/12'],
    ]);
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('same-origin');
  });

  it('rejects when signed out', async () => {
    answer(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } });
    const failure = setFavourite({ listingId: '12', isSaved: true });
    await expect(failure).rejects.toBeInstanceOf(ApiFailure);
    await expect(failure).rejects.toMatchObject({ message: 'Sign in first.', status: 401 });
  });
});

describe('mergeFavourites', () => {
  it("sends the browser's ids and answers with the account's whole list", async () => {
    const fetchMock = answer(200, { ids: ['3', '12', '15'] });
    expect(await mergeFavourites(['12', '15'])).toEqual(['3', '12', '15']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([init?.method, url]).toEqual(['POST', '/api/v1/favourites/merge']);
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['12', '15'] });
  });
});
