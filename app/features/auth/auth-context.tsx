import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { writeItem, STORAGE_FLAGS } from '~/lib/browser-storage';
import type { SessionUser } from '@domain/session-user';
import type * as AmplifyClientModule from './amplify-client';
import { fetchAmplifyConfig, isGoogleConfigured } from './amplify-config';
import { browserMayHoldSignIn } from './stored-sign-in';

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
  /** Loads and configures Amplify where a page needs it for a signed-out visitor (sign-in). */
  requestAmplify: () => void;
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
 *
 * Amplify loads only where there may be a sign-in to read (`browserMayHoldSignIn`) or a page
 * asks for it (`requestAmplify`: the sign-in page). Any other visitor is signed out, and their
 * page reads only the configuration (for the Google banner): loading the client took a 20–45 ms
 * task on every first load of every page (docs/performance.md).
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
  const [state, setState] = useState<Omit<AuthState, 'requestAmplify' | 'signOut'>>(() => ({
    status: 'configuring',
    user: serverUser,
    isAdmin: serverUser?.isAdmin ?? false,
    isGoogleEnabled: false,
    isAmplifyReady: false,
    configurationError: false,
  }));
  // Read from the browser once, on the first render: nothing rendered depends on it.
  const [isAmplifyWanted, setIsAmplifyWanted] = useState(
    () => serverUser !== null || (typeof document !== 'undefined' && browserMayHoldSignIn()),
  );
  const requestAmplify = useCallback(() => setIsAmplifyWanted(true), []);
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
    if (isAmplifyWanted) return;
    let isCancelled = false;
    fetchAmplifyConfig().then(
      (config) => {
        if (isCancelled) return;
        // Amplify, if a page asked for it meanwhile, has the last word on the status. In a
        // transition: every heart on the page reads this context, and nothing here is urgent.
        startTransition(() =>
          setState((previous) => ({
            ...previous,
            status: previous.status === 'configuring' ? 'unauthenticated' : previous.status,
            isGoogleEnabled: isGoogleConfigured(config),
          })),
        );
      },
      (error: unknown) => {
        console.error('Sign-in is unavailable: could not load /amplify-config.json', error);
        if (isCancelled) return;
        setState((previous) => ({
          ...previous,
          status: previous.status === 'configuring' ? 'unauthenticated' : previous.status,
          configurationError: true,
        }));
      },
    );
    return () => {
      isCancelled = true;
    };
    // Decided once per page load, from what the server and the browser held at the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!isAmplifyWanted) return;
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
        configurationError: false,
        isGoogleEnabled: isGoogleConfigured(config),
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
  }, [isAmplifyWanted, refresh]);

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

  const value = useMemo<AuthState>(
    () => ({ ...state, requestAmplify, signOut }),
    [state, requestAmplify, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
