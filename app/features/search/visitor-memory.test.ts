import { describe, expect, it } from 'vitest';
import { lastSearch, recentlyViewed, rememberSearch, rememberViewed } from './visitor-memory.ts';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('visitor memory', () => {
  it('keeps the eight most recent homes, newest first, without repeats', () => {
    const store = memoryStore({ 'cookie-accepted': 'true' });
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 3]) rememberViewed(id, store);
    expect(recentlyViewed(store)).toEqual([3, 9, 8, 7, 6, 5, 4, 2]);
  });

  it('remembers nothing without consent to optional storage', () => {
    const refused = memoryStore({ 'cookie-accepted': 'false' });
    rememberViewed(1, refused);
    rememberSearch({ href: '/search/for-sale/leeds', label: 'Leeds', api: '' }, refused);
    expect(recentlyViewed(refused)).toEqual([]);
    expect(lastSearch(refused)).toBeUndefined();
    const undecided = memoryStore();
    rememberViewed(1, undecided);
    expect(recentlyViewed(undecided)).toEqual([]);
  });

  it('ignores tampered values', () => {
    const store = memoryStore({
      'cookie-accepted': 'true',
      'roost:recently-viewed': '["1",2,{"x":1}]',
      'roost:last-search': '{"href":"https://evil.example","label":"x"}',
    });
    expect(recentlyViewed(store)).toEqual([2]);
    expect(lastSearch(store)).toBeUndefined();
    store.setItem('roost:recently-viewed', 'not json');
    expect(recentlyViewed(store)).toEqual([]);
  });
});
