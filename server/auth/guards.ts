import { data, redirect } from 'react-router';
import { AppError } from '../http/app-error.ts';
import type { SessionUser } from './session-user.ts';

/** Page guard: the signed-in user, or a redirect to sign in that brings them back here. */
export function requireUser(user: SessionUser | null, request: Request): SessionUser {
  if (user) return user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/my-account?redirectTo=${encodeURIComponent(back)}`);
}

/** Page guard: administrators only. Signed-out visitors are sent to sign in; others get 403. */
export function requireAdmin(user: SessionUser | null, request: Request): SessionUser {
  const signedIn = requireUser(user, request);
  if (!signedIn.isAdmin) throw data({ reason: 'admin-only' }, { status: 403 });
  return signedIn;
}

/** API guard: 401 without a valid Bearer ID token. */
export function requireApiUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to do this.');
  return user;
}

/** API guard: 403 unless the token's `cognito:groups` contains `admins`. */
export function requireApiAdmin(user: SessionUser | null): SessionUser {
  const signedIn = requireApiUser(user);
  if (!signedIn.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return signedIn;
}
