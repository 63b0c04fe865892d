import { createContext, startTransition, use, useCallback, useMemo, useState } from 'react';
import type { SessionUser } from '@domain/session-user';
import {
  useAmplifySession,
  useConfigurationOnly,
  useRefreshUser,
  useRouterRefs,
  useSignOut,
  type AuthSnapshot,
  type SetSnapshot,
} from './auth-session';
import { browserMayHoldSignIn } from './stored-sign-in';

export { loadAmplifyClient } from './auth-session';

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
  const [state, setStateNow] = useState<AuthSnapshot>(() => ({
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
  // Every change renders in a transition: the session is read just after a page loads, while
  // parts of it may not have hydrated yet (why that matters: `deferredComponent`).
  const setState = useCallback<SetSnapshot>(
    (action) => startTransition(() => setStateNow(action)),
    [],
  );
  const requestAmplify = useCallback(() => setIsAmplifyWanted(true), []);
  const refs = useRouterRefs();
  const refresh = useRefreshUser(setState);
  useConfigurationOnly(isAmplifyWanted, setState);
  useAmplifySession({
    isAmplifyWanted,
    serverUserId: serverUser?.userId ?? null,
    refresh,
    setState,
    refs,
  });
  const signOut = useSignOut(setState, refs);

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
