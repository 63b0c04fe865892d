/**
 * Small, failure-tolerant access to `localStorage`: private browsing, full quotas and disabled
 * storage are logged and otherwise ignored, as the spec asks.
 */
export const STORAGE_FLAGS = {
  cookieAccepted: 'cookie-accepted',
  bannerDismissed: 'banner-dismissed',
  /** Set when an account has just been confirmed, so the first welcome is not 'Welcome back'. */
  newAccount: 'new-account',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function browserStorage(): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch (error) {
    console.warn('Browser storage is unavailable', error);
    return undefined;
  }
}

export function readItem(key: string, storage = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Could not read ${key} from browser storage`, error);
    return null;
  }
}

export function writeItem(key: string, value: string | null, storage = browserStorage()): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write ${key} to browser storage`, error);
  }
}

/**
 * A `subscribe` for stored values: calls back on `changeEvent` (dispatched on `window` after this
 * tab writes) and on `storage` (another tab wrote).
 */
export function storageChanges(changeEvent: string) {
  return (onChange: () => void) => {
    window.addEventListener(changeEvent, onChange);
    window.addEventListener('storage', onChange);
    return () => {
      window.removeEventListener(changeEvent, onChange);
      window.removeEventListener('storage', onChange);
    };
  };
}
