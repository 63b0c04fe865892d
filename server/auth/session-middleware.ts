import { Router } from 'express';
import type { Auth } from './auth.ts';
import { readBearerToken } from './token-cookies.ts';
import type { SessionUser } from '../../domain/session-user.ts';

const SKIPPED = /^\/(assets|img|idp|oauth2|\.well-known)\/|^\/favicon/;

/** How the signed-in user of a request proved who they are. */
export type SessionCredential = 'cookie' | 'bearer';

/**
 * Resolves the signed-in user once per request (from the Amplify ID-token cookie, or a Bearer
 * ID token for `/api/v1`) into `res.locals.sessionUser`, for the load context and API handlers,
 * and which of the two it came from into `res.locals.sessionCredential` (a cookie goes with
 * requests other sites start, so cookie-authenticated API writes are checked for their origin).
 * Static files and identity endpoints skip the check.
 */
export function createSessionMiddleware(auth: Auth): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    if (SKIPPED.test(req.path)) {
      next();
      return;
    }
    try {
      const { cookie, authorization } = req.headers;
      const user = await auth.userFromHeaders({ cookie, authorization });
      res.locals.sessionUser = user;
      // `userFromHeaders` reads a well-formed Bearer token first and the cookie only without one.
      if (user) res.locals.sessionCredential = readBearerToken(authorization) ? 'bearer' : 'cookie';
      next();
    } catch (error) {
      next(error);
    }
  });
  return router;
}

export function sessionUserOf(res: { locals: Record<string, unknown> }): SessionUser | null {
  return (res.locals.sessionUser as SessionUser | null | undefined) ?? null;
}

export function sessionCredentialOf(res: {
  locals: Record<string, unknown>;
}): SessionCredential | null {
  const credential = res.locals.sessionCredential;
  return credential === 'cookie' || credential === 'bearer' ? credential : null;
}
