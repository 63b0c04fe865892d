/** Raised when a signed-out visitor tries something that needs an account. */
export const AUTH_REQUIRED_EVENT = 'roost:auth-required';

export type AuthRequiredReason = 'favourites' | 'add-listing' | 'account';

export interface AuthRequiredDetail {
  reason: AuthRequiredReason;
  returnTo: string;
}

export function raiseAuthRequired(detail: AuthRequiredDetail): void {
  window.dispatchEvent(new CustomEvent<AuthRequiredDetail>(AUTH_REQUIRED_EVENT, { detail }));
}

/** Where to send someone to sign in, bringing them back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  return `/my-account?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return undefined;
  }
  if (value.startsWith('/my-account')) return undefined;
  return value;
}
