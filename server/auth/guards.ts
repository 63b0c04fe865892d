import { data, redirect } from 'react-router';
import { AppError } from '../http/app-error.ts';
import type { SessionUser } from '../../domain/session-user.ts';

/** Page guard: the signed-in user, or a redirect to sign in that brings them back here. */
export function requireUser(user: SessionUser | null, request: Request): SessionUser {
  if (user) return user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/my-account?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * Page guard: administrators only. Everyone else, signed in or not, gets 403 whatever the
 * browser does; the error page offers sign-in to signed-out visitors.
 */
export function requireAdmin(user: SessionUser | null): SessionUser {
  if (!user) throw data({ reason: 'signed-out' }, { status: 403 });
  if (!user.isAdmin) throw data({ reason: 'not-admin' }, { status: 403 });
  return user;
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
