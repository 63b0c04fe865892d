import { Router } from 'express';
import type { Auth } from './auth.ts';
import type { SessionUser } from '../../domain/session-user.ts';

const SKIPPED = /^\/(assets|img|idp|oauth2|\.well-known)\/|^\/favicon/;

/**
 * Resolves the signed-in user once per request (from the Amplify ID-token cookie, or a Bearer
 * ID token for `/api/v1`) into `res.locals.sessionUser`, for the load context and API handlers.
 * Static files and identity endpoints skip the check. (Whether a write came from the site is
 * checked before this, from its headers: `server/http/cross-site-guard.ts`.)
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
