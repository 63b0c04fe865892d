import express, { type RequestHandler, type Router } from 'express';
import { pino } from 'pino';
import { ADMIN_GROUP, type SessionUser } from '../../domain/session-user.ts';
import { createApiRouter } from '../../server/http/api.ts';
import { serveForTest, type ServedForTest } from './serve.ts';

/** Header naming the signed-in user (`admin:<sub>` for an administrator); none: signed out. */
export const TEST_USER_HEADER = 'x-test-user';

/** The user a test request names in TEST_USER_HEADER, or null when it names none. */
export function testUser(header: string | string[] | undefined): SessionUser | null {
  if (typeof header !== 'string') return null;
  const isAdmin = header.startsWith('admin:');
  const sub = isAdmin ? header.slice('admin:'.length) : header;
  return {
    userId: sub,
    username: sub,
    email: `${sub}@example.com`,
    name: undefined,
    givenName: undefined,
    familyName: undefined,
    preferredUsername: undefined,
    groups: isAdmin ? [ADMIN_GROUP] : [],
    isAdmin,
  };
}

/**
 * Stands in for the session middleware (which verifies ID tokens by JWKS): each request says who
 * sends it in TEST_USER_HEADER, read by `who`. Requests get a silent logger where the app gives
 * them none.
 */
export function testSession(
  who: (header: string) => SessionUser | null = testUser,
): RequestHandler {
  return (req, res, next) => {
    const header = req.headers[TEST_USER_HEADER];
    res.locals.sessionUser = typeof header === 'string' ? who(header) : null;
    req.log ??= pino({ level: 'silent' });
    next();
  };
}

/** One part of the JSON API under `/api/v1` on a loopback port; `base` ends in `/api/v1`. */
export async function serveApiForTest(
  mount: (api: Router) => void,
  who?: (header: string) => SessionUser | null,
): Promise<ServedForTest> {
  const app = express();
  app.use(testSession(who));
  app.use('/api/v1', createApiRouter(mount));
  const served = await serveForTest(app);
  return { base: `${served.base}/api/v1`, close: served.close };
}

/** Request headers naming `user` as the sender (none: signed out). */
export const asUser = (user: string | null | undefined): Record<string, string> =>
  user ? { [TEST_USER_HEADER]: user } : {};
