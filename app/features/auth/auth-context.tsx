import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { writeItem, STORAGE_FLAGS } from '~/lib/browser-storage';
import type { SessionUser } from '@domain/session-user';
import type * as AmplifyClientModule from './amplify-client';

export type AuthStatus = 'configuring' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  /** Known from the server render at first, then from Amplify once configured. */
  user: SessionUser | null;
  isAdmin: boolean;
  isGoogleEnabled: boolean;
  /** Amplify is configured from /amplify-config.json and ready for the Authenticator. */
  isAmplifyReady: boolean;
  configurationError: boolean;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

type AmplifyClient = typeof AmplifyClientModule;

let amplifyModule: Promise<AmplifyClient> | undefined;
export function loadAmplifyClient(): Promise<AmplifyClient> {
  amplifyModule ??= import('./amplify-client');
  return amplifyModule;
}

/**
 * Auth status for the whole site, driven by Amplify Hub events: signedIn → read the user and
 * refetch the admin flag; signedOut → go to /; tokenRefresh_failure → signed out unless it was
 * a network error. Server-rendered pages are revalidated whenever the status changes, so
 * loaders see the new cookie.
 */
export function AuthProvider({
  serverUser,
  children,
}: {
  serverUser: SessionUser | null;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [state, setState] = useState<Omit<AuthState, 'signOut'>>(() => ({
    status: 'configuring',
    user: serverUser,
    isAdmin: serverUser?.isAdmin ?? false,
    isGoogleEnabled: false,
    isAmplifyReady: false,
    configurationError: false,
  }));
  const serverUserId = serverUser?.userId ?? null;
  const revalidateRef = useRef(revalidator.revalidate);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
    navigateRef.current = navigate;
  });

  /** Reads the user from Amplify; undefined when the identity service could not be reached. */
  const refresh = useCallback(async (options: { forceAdmin?: boolean } = {}) => {
    const amplify = await loadAmplifyClient();
    let user: SessionUser | null;
    let isAdmin: boolean;
    try {
      user = await amplify.currentSessionUser();
      isAdmin = user
        ? await amplify.fetchIsAdmin(user.userId, { force: options.forceAdmin })
        : false;
    } catch (error) {
      // A network error: Amplify keeps the tokens, so the user stays signed in as they were
      // (the server render knows them from the ID-token cookie) until the pool answers again.
      console.warn('Could not reach the identity service; keeping the session', error);
      setState((previous) => ({
        ...previous,
        status: previous.user ? 'authenticated' : 'unauthenticated',
      }));
      return undefined;
    }
    setState((previous) => ({
      ...previous,
      status: user ? 'authenticated' : 'unauthenticated',
      user,
      isAdmin,
    }));
    return user;
  }, []);

  useEffect(() => {
    let isCancelled = false;
    let stopListening: (() => void) | undefined;
    (async () => {
      const amplify = await loadAmplifyClient();
      let config;
      try {
        config = await amplify.configureAmplify();
      } catch (error) {
        console.error('Sign-in is unavailable: could not load /amplify-config.json', error);
        if (!isCancelled) {
          setState((previous) => ({
            ...previous,
            status: 'unauthenticated',
            configurationError: true,
          }));
        }
        return;
      }
      if (isCancelled) return;
      setState((previous) => ({
        ...previous,
        isAmplifyReady: true,
        isGoogleEnabled: amplify.isGoogleConfigured(config),
      }));
      stopListening = amplify.listenToAuthEvents((hubEvent) => {
        if (hubEvent.event === 'signedIn') {
          amplify.clearAdminCache();
          writeItem(STORAGE_FLAGS.bannerDismissed, null);
          void refresh({ forceAdmin: true }).then(() => revalidateRef.current());
        } else if (hubEvent.event === 'tokenRefresh') {
          void refresh();
        } else if (hubEvent.event === 'signedOut') {
          amplify.clearAdminCache();
          setState((previous) => ({
            ...previous,
            status: 'unauthenticated',
            user: null,
            isAdmin: false,
          }));
          void navigateRef.current('/');
          void revalidateRef.current();
        } else if (hubEvent.event === 'tokenRefresh_failure' && !hubEvent.isNetworkError) {
          // Refused (e.g. NotAuthorizedException for a revoked refresh token): signed out, to /.
          // A network error changes nothing: the tokens are kept and refreshed next time.
          void amplify.forgetTokens();
          setState((previous) => ({
            ...previous,
            status: 'unauthenticated',
            user: null,
            isAdmin: false,
          }));
          void navigateRef.current('/');
          void revalidateRef.current();
        }
      });
      const user = await refresh();
      // The server rendered for someone else (or no one): render again with the cookie.
      if (!isCancelled && user !== undefined && (user?.userId ?? null) !== serverUserId) {
        void revalidateRef.current();
      }
    })();
    return () => {
      isCancelled = true;
      stopListening?.();
    };
    // Configure once per page load; the server user only seeds the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  const signOut = useCallback(async () => {
    const amplify = await loadAmplifyClient();
    await amplify.signOutEverywhere();
    setState((previous) => ({
      ...previous,
      status: 'unauthenticated',
      user: null,
      isAdmin: false,
    }));
    await navigateRef.current('/');
    await revalidateRef.current();
  }, []);

  const value = useMemo<AuthState>(() => ({ ...state, signOut }), [state, signOut]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
