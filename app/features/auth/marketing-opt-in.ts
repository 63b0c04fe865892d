import { useEffect } from 'react';
import { useFetcher } from 'react-router';

/**
 * The sign-up form's own field for the marketing opt-in. Amplify passes only standard and
 * `custom:` fields on to `handleSignUp`, which removes this one: it never reaches the user pool.
 */
export const MARKETING_OPT_IN_FIELD = 'custom:marketing_opt_in';

const KEY = 'roost:sign-up-marketing-opt-in';

/**
 * Sign-up happens before there is a session, so an opt-in ticked on the sign-up form waits in
 * this tab's sessionStorage until the person is signed in (after confirming their address), and
 * is then recorded by /my-account/marketing with source 'sign-up'.
 */
export function rememberSignUpMarketingChoice(isOptedIn: boolean) {
  try {
    if (isOptedIn) window.sessionStorage.setItem(KEY, new Date().toISOString());
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): they can opt in from their account instead.
  }
}

/**
 * On the signed-in account page: records an opt-in made at sign-up, once. Answers a message for
 * the page once it is recorded (or failed).
 */
export function useSignUpMarketingChoice(): string | undefined {
  const fetcher = useFetcher<{ message?: string; error?: string }>();
  useEffect(() => {
    let pending: string | null;
    try {
      pending = window.sessionStorage.getItem(KEY);
      window.sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    if (!pending) return;
    void fetcher.submit(
      { isGranted: 'on', source: 'sign-up' },
      { method: 'post', action: '/my-account/marketing' },
    );
    // Once per mount; the fetcher is stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (fetcher.state !== 'idle' || !fetcher.data) return undefined;
  return fetcher.data.message ?? fetcher.data.error;
}
