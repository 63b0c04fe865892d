import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStore } from '~/lib/browser-storage';
import { favouritesKey, readFavourites, writeFavourites } from './favourites-storage';

function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('favouritesKey', () => {
  it.each([
    [{ userId: 'u1', username: 'name', sub: 's', email: 'e@x.uk' }, 'na:favs:u1'],
    [{ username: 'name', sub: 's', email: 'e@x.uk' }, 'na:favs:name'],
    [{ sub: 's', email: 'e@x.uk' }, 'na:favs:s'],
    [{ email: 'e@x.uk' }, 'na:favs:e@x.uk'],
    [null, 'na:favs'],
  ])('%o → %s', (owner, key) => {
    expect(favouritesKey(owner)).toBe(key);
  });
});

describe('readFavourites', () => {
  it('migrates the legacy shared list to the user key once, then removes it', () => {
    const store = memoryStore({ 'na:favs': '["12","15"]', 'na:favs:u1': '["15","20"]' });
    expect(readFavourites({ userId: 'u1' }, store)).toEqual(['15', '20', '12']);
    expect(store.data.has('na:favs')).toBe(false);
    expect(JSON.parse(store.data.get('na:favs:u1')!)).toEqual(['15', '20', '12']);
    expect(readFavourites({ userId: 'u1' }, store)).toEqual(['15', '20', '12']);
  });

  it('reads the shared list when signed out and keeps lists apart per user', () => {
    const store = memoryStore();
    writeFavourites(null, ['3'], store);
    expect(readFavourites(null, store)).toEqual(['3']);
    writeFavourites({ userId: 'u2' }, ['9', '9'], store);
    expect(readFavourites({ userId: 'u2' }, store)).toEqual(['9', '3']);
    expect(readFavourites({ userId: 'u3' }, store)).toEqual([]);
  });

  it('logs and survives unreadable or failing storage', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readFavourites({ userId: 'u4' }, memoryStore({ 'na:favs:u4': '{oops' }))).toEqual([]);
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(readFavourites({ userId: 'u5' }, broken)).toEqual([]);
    expect(() => writeFavourites({ userId: 'u5' }, ['1'], broken)).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
