import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { describe, expect, it } from 'vitest';
import { createRoutingTokenStorage, isServerReadKey } from './token-storage';

function memory(): KeyValueStorageInterface & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    setItem: async (key, value) => void items.set(key, value),
    getItem: async (key) => items.get(key) ?? null,
    removeItem: async (key) => void items.delete(key),
    clear: async () => items.clear(),
  };
}

const prefix = 'CognitoIdentityServiceProvider.client1';
const keys = {
  lastUser: `${prefix}.LastAuthUser`,
  idToken: `${prefix}.alice.idToken`,
  accessToken: `${prefix}.alice.accessToken`,
  refreshToken: `${prefix}.alice.refreshToken`,
  deviceKey: `${prefix}.alice.deviceKey`,
};

describe('the token storage of ADR 011', () => {
  it('keeps only the last user and the ID token in cookies, everything else in localStorage', async () => {
    const cookies = memory();
    const local = memory();
    const storage = createRoutingTokenStorage(cookies, local);
    for (const [name, key] of Object.entries(keys)) await storage.setItem(key, `value-${name}`);
    expect([...cookies.items.keys()].sort()).toEqual([keys.idToken, keys.lastUser].sort());
    expect([...local.items.keys()].sort()).toEqual(
      [keys.accessToken, keys.deviceKey, keys.refreshToken].sort(),
    );
    expect(await storage.getItem(keys.refreshToken)).toBe('value-refreshToken');
    expect(await storage.getItem(keys.idToken)).toBe('value-idToken');
    expect(isServerReadKey(keys.refreshToken)).toBe(false);
  });

  it('moves a refresh token left in a cookie to localStorage on first read', async () => {
    const cookies = memory();
    const local = memory();
    cookies.items.set(keys.refreshToken, 'old-refresh');
    const storage = createRoutingTokenStorage(cookies, local);
    expect(await storage.getItem(keys.refreshToken)).toBe('old-refresh');
    expect(cookies.items.has(keys.refreshToken)).toBe(false);
    expect(local.items.get(keys.refreshToken)).toBe('old-refresh');
  });

  it('removes a key from both stores, and clears only the cookies', async () => {
    const cookies = memory();
    const local = memory();
    const storage = createRoutingTokenStorage(cookies, local);
    await storage.setItem(keys.refreshToken, 'r');
    cookies.items.set(keys.refreshToken, 'stale');
    await storage.removeItem(keys.refreshToken);
    expect(cookies.items.has(keys.refreshToken)).toBe(false);
    expect(local.items.has(keys.refreshToken)).toBe(false);
    local.items.set('roost.recentlyViewed', '[1]');
    await storage.setItem(keys.idToken, 'id');
    await storage.clear();
    expect(cookies.items.size).toBe(0);
    expect(local.items.get('roost.recentlyViewed')).toBe('[1]');
  });
});
