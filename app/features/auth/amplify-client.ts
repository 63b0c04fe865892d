import { Amplify, type ResourcesConfig } from 'aws-amplify';
import {
  fetchAuthSession,
  signInWithRedirect,
  signOut as amplifySignOut,
  type AuthUser,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage, Hub, defaultStorage } from 'aws-amplify/utils';
import { toSessionUser, type SessionUser } from '@domain/session-user';
import { fetchAmplifyConfig } from './amplify-config';
import { createRoutingTokenStorage } from './token-storage';

/**
 * Everything that touches the Amplify client, loaded only in the browser (dynamically, so the
 * first paint does not wait for it). Configuration always comes from `/amplify-config.json`,
 * whether the embedded user pool or Amazon Cognito is behind it.
 */
export const ADMIN_CACHE_MS = 60_000;
const COOKIE_DAYS = 365;

let configuring: Promise<ResourcesConfig> | undefined;

export function configureAmplify(): Promise<ResourcesConfig> {
  configuring ??= (async () => {
    const config = await fetchAmplifyConfig();
    Amplify.configure(config);
    const { hostname } = window.location;
    const isLocal = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
    // The ID token (and who signed in) in cookies, so the server render knows the user (it
    // verifies the ID token by JWKS); the refresh and access tokens in localStorage (ADR 011).
    cognitoUserPoolsTokenProvider.setKeyValueStorage(
      createRoutingTokenStorage(
        new CookieStorage({ path: '/', sameSite: 'lax', secure: !isLocal, expires: COOKIE_DAYS }),
        defaultStorage,
      ),
    );
    return config;
  })().catch((error: unknown) => {
    configuring = undefined;
    throw error;
  });
  return configuring;
}

/** Amplify's name for a request that never got an answer (offline, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'NetworkError';
}

/**
 * The signed-in user from the current (refreshed if needed) ID token, or null. A network error
 * is thrown, not taken for signed out: Amplify keeps the tokens and refreshes them next time.
 */
export async function currentSessionUser(): Promise<SessionUser | null> {
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    return payload ? toSessionUser(payload as Record<string, unknown>) : null;
  } catch (error) {
    if (isNetworkError(error)) throw error;
    console.warn('Could not read the sign-in session', error);
    return null;
  }
}

/**
 * Drops the stored tokens without calling the pool. Amplify clears them itself when a refresh is
 * refused as not authorised; this covers the other refusals (a failed refresh signs out).
 */
export async function forgetTokens(): Promise<void> {
  clearAdminCache();
  await Promise.resolve(cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens()).catch(
    () => {},
  );
}

let adminCache: { userId: string; isAdmin: boolean; at: number } | undefined;

/** Admin = `admins` in the ID token's `cognito:groups`; cached for 60 s per user. */
export async function fetchIsAdmin(userId: string, { force = false } = {}): Promise<boolean> {
  const now = Date.now();
  if (
    !force &&
    adminCache &&
    adminCache.userId === userId &&
    now - adminCache.at < ADMIN_CACHE_MS
  ) {
    return adminCache.isAdmin;
  }
  const user = await currentSessionUser();
  const isAdmin = Boolean(user && user.userId === userId && user.isAdmin);
  adminCache = { userId, isAdmin, at: now };
  return isAdmin;
}

export function clearAdminCache(): void {
  adminCache = undefined;
}

/** Signs out; errors from revoking on the server are ignored and local tokens still cleared. */
export async function signOutEverywhere(): Promise<void> {
  clearAdminCache();
  try {
    await configureAmplify();
    await amplifySignOut();
  } catch (error) {
    console.warn('Sign-out could not reach the identity service; clearing local tokens', error);
    await Promise.resolve(cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens()).catch(
      () => {},
    );
  }
}

export async function startGoogleSignIn(): Promise<void> {
  try {
    // A signed-out visitor's page has not configured Amplify (auth-context.tsx).
    await configureAmplify();
    await signInWithRedirect({ provider: 'Google' });
  } catch (error) {
    console.error('Could not start Google sign-in', error);
  }
}

export type AuthHubEvent =
  | { event: 'signedIn'; user?: AuthUser }
  | { event: 'signedOut' }
  | { event: 'tokenRefresh' }
  | { event: 'tokenRefresh_failure'; isNetworkError: boolean }
  | { event: 'other' };

export function listenToAuthEvents(onEvent: (event: AuthHubEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
        onEvent({ event: 'signedIn', user: payload.data });
        return;
      case 'signedOut':
        onEvent({ event: 'signedOut' });
        return;
      case 'tokenRefresh':
        onEvent({ event: 'tokenRefresh' });
        return;
      case 'tokenRefresh_failure': {
        const error = (payload.data as { error?: { name?: string } } | undefined)?.error;
        onEvent({ event: 'tokenRefresh_failure', isNetworkError: isNetworkError(error) });
        return;
      }
      default:
        onEvent({ event: 'other' });
    }
  });
}
