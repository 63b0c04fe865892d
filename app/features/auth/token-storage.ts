import type { KeyValueStorageInterface } from 'aws-amplify/utils';

/**
 * ADR 011: the sign-in cookie carries only what the server reads — `…LastAuthUser` and the
 * user's `…idToken` — and every other Amplify key (refresh and access tokens, device keys, clock
 * drift, sign-in details) lives in the browser's `localStorage`, so the 30-day refresh token is
 * not sent with every page, API, image and asset request.
 */
export function isServerReadKey(key: string): boolean {
  return key.endsWith('.LastAuthUser') || key.endsWith('.idToken');
}

/**
 * One key–value store for `cognitoUserPoolsTokenProvider.setKeyValueStorage`, routing each key
 * to `cookies` or `local`. A key still in a cookie from before the change is moved to `local`
 * the first time Amplify reads it (people signed in before stay signed in).
 */
export function createRoutingTokenStorage(
  cookies: KeyValueStorageInterface,
  local: KeyValueStorageInterface,
): KeyValueStorageInterface {
  return {
    async setItem(key, value) {
      if (isServerReadKey(key)) {
        await cookies.setItem(key, value);
        return;
      }
      await local.setItem(key, value);
      await cookies.removeItem(key);
    },
    async getItem(key) {
      if (isServerReadKey(key)) return cookies.getItem(key);
      const stored = await local.getItem(key);
      if (stored !== null) return stored;
      const legacy = await cookies.getItem(key);
      if (legacy !== null) {
        await local.setItem(key, legacy);
        await cookies.removeItem(key);
      }
      return legacy;
    },
    async removeItem(key) {
      await cookies.removeItem(key);
      await local.removeItem(key);
    },
    async clear() {
      // Amplify removes its keys one by one on sign-out; clearing all of localStorage would also
      // drop what the site keeps there (recently viewed, favourites signed out).
      await cookies.clear();
    },
  };
}
