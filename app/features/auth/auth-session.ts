import { useCallback, useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { writeItem, STORAGE_FLAGS } from '~/lib/browser-storage';
import type { SessionUser } from '@domain/session-user';
import type * as AmplifyClientModule from './amplify-client';
import type { AuthHubEvent } from './amplify-client';
import { fetchAmplifyConfig, isGoogleConfigured } from './amplify-config';
import type { AuthState } from './auth-context';

/** The hooks behind `AuthProvider`: reading the user, configuring Amplify, its Hub events. */

type AmplifyClient = typeof AmplifyClientModule;
export type AuthSnapshot = Omit<AuthState, 'requestAmplify' | 'signOut'>;
export type SetSnapshot = Dispatch<SetStateAction<AuthSnapshot>>;
type Refresh = (options?: { forceAdmin?: boolean }) => Promise<SessionUser | null | undefined>;

let amplifyModule: Promise<AmplifyClient> | undefined;
export function loadAmplifyClient(): Promise<AmplifyClient> {
  amplifyModule ??= import('./amplify-client');
  return amplifyModule;
}

/** The latest navigate and revalidate, for callbacks set up once per page load. */
export function useRouterRefs() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
    navigateRef.current = navigate;
  });
  // One object for the page's life: callbacks built on it stay the same between renders.
  return useMemo(() => ({ navigateRef, revalidateRef }), []);
}
type RouterRefs = ReturnType<typeof useRouterRefs>;

const signedOut = (previous: AuthSnapshot): AuthSnapshot => ({
  ...previous,
  status: 'unauthenticated',
  user: null,
  isAdmin: false,
});

/** Reads the user from Amplify; undefined when the identity service could not be reached. */
export function useRefreshUser(setState: SetSnapshot): Refresh {
  return useCallback(
    async (options: { forceAdmin?: boolean } = {}) => {
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
    },
    [setState],
  );
}

/** Without Amplify: only the configuration is read (for the Google banner); signed out. */
export function useConfigurationOnly(isAmplifyWanted: boolean, setState: SetSnapshot) {
  useEffect(() => {
    if (isAmplifyWanted) return;
    let isCancelled = false;
    fetchAmplifyConfig().then(
      (config) => {
        if (isCancelled) return;
        // Amplify, if a page asked for it meanwhile, has the last word on the status.
        setState((previous) => ({
          ...previous,
          status: previous.status === 'configuring' ? 'unauthenticated' : previous.status,
          isGoogleEnabled: isGoogleConfigured(config),
        }));
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
}

/**
 * signedIn → read the user and refetch the admin flag; signedOut → go to /;
 * tokenRefresh_failure → signed out unless it was a network error.
 */
function onAuthEvent(
  amplify: AmplifyClient,
  hubEvent: AuthHubEvent,
  { refresh, setState, refs }: { refresh: Refresh; setState: SetSnapshot; refs: RouterRefs },
) {
  if (hubEvent.event === 'signedIn') {
    amplify.clearAdminCache();
    writeItem(STORAGE_FLAGS.bannerDismissed, null);
    void refresh({ forceAdmin: true }).then(() => refs.revalidateRef.current());
  } else if (hubEvent.event === 'tokenRefresh') {
    void refresh();
  } else if (hubEvent.event === 'signedOut') {
    amplify.clearAdminCache();
    setState(signedOut);
    void refs.navigateRef.current('/');
    void refs.revalidateRef.current();
  } else if (hubEvent.event === 'tokenRefresh_failure' && !hubEvent.isNetworkError) {
    // Refused (e.g. NotAuthorizedException for a revoked refresh token): signed out, to /.
    // A network error changes nothing: the tokens are kept and refreshed next time.
    void amplify.forgetTokens();
    setState(signedOut);
    void refs.navigateRef.current('/');
    void refs.revalidateRef.current();
  }
}

/** With Amplify: configure it, follow its Hub events and read the user once. */
export function useAmplifySession({
  isAmplifyWanted,
  serverUserId,
  refresh,
  setState,
  refs,
}: {
  isAmplifyWanted: boolean;
  serverUserId: string | null;
  refresh: Refresh;
  setState: SetSnapshot;
  refs: RouterRefs;
}) {
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
      stopListening = amplify.listenToAuthEvents((hubEvent) =>
        onAuthEvent(amplify, hubEvent, { refresh, setState, refs }),
      );
      const user = await refresh();
      // The server rendered for someone else (or no one): render again with the cookie.
      if (!isCancelled && user !== undefined && (user?.userId ?? null) !== serverUserId) {
        void refs.revalidateRef.current();
      }
    })();
    return () => {
      isCancelled = true;
      stopListening?.();
    };
    // Configure once per page load; the server user only seeds the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAmplifyWanted, refresh]);
}

/** Signs out on every device, then back to / with the page's data reloaded. */
export function useSignOut(setState: SetSnapshot, refs: RouterRefs) {
  return useCallback(async () => {
    const amplify = await loadAmplifyClient();
    await amplify.signOutEverywhere();
    setState(signedOut);
    await refs.navigateRef.current('/');
    await refs.revalidateRef.current();
  }, [setState, refs]);
}
