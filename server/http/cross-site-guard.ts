import type { Request, RequestHandler } from 'express';
import { hasAmplifyCookies } from '../auth/token-cookies.ts';
import { AppError } from './app-error.ts';
import { sendClientError } from './request-guards.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_PATH = /^\/api(\/|$)/;

/**
 * Writes that other sites are meant to start, each authenticated by something no other site
 * can make a browser send (so no Origin is asked of them):
 * - `/idp`: the user pool's JSON protocol. Tokens and passwords travel in the body and admin
 *   calls are SigV4-signed, never a cookie; it needs `X-Amz-Target` and a JSON content type,
 *   which a cross-site form cannot send (the browser asks first, and the pool's CORS answers).
 * - `/oauth2/token`: Amplify calls it from the site's origin to the pool's; it needs the PKCE
 *   verifier or a refresh token in the body.
 * - `/oauth2/idpresponse`: a sign-in provider posts back to it (Apple's `form_post`); the
 *   `state` it must carry binds it to the sign-in that started here.
 * - the payment provider's webhook: signed over its raw body.
 */
const EXEMPT_WRITES = [
  /^\/idp\/?$/,
  /^\/oauth2\/(token|idpresponse)$/,
  /^\/api\/v1\/payments\/webhook$/,
];

export interface CrossSiteGuardOptions {
  /**
   * PUBLIC_URL, read per request (the port is known only once listening): the one origin whose
   * pages may write. Without it, the request's own origin stands in.
   */
  publicUrl?: () => string;
  /**
   * Also accept the request's own origin (scheme and Host): development and tests reach the
   * server at addresses PUBLIC_URL does not name (`127.0.0.1`, a free port). Never in
   * production, where a proxy that rewrites the scheme would make it accept `http://` pages.
   */
  acceptOwnOrigin?: boolean;
}

export type CrossSiteVerdict = 'allowed' | 'foreign' | 'unknown';

/** What a refused request is told: the API's message, then the plain page's. */
export const CROSS_SITE_REFUSALS = {
  foreign: {
    api: 'This request must come from a page on this site.',
    page: 'This form was sent from another site, so nothing was changed. Open the page on Roost itself and send it again.',
  },
  unknown: {
    api: 'This request must say which site it comes from: send an Origin header with this site’s address, or authenticate with a Bearer token.',
    page: 'Your browser did not say which site this form came from, so nothing was changed. Open the page on Roost itself and send it again.',
  },
} as const;

/**
 * Cross-site request forgery guard for every write Roost accepts — page actions, resource
 * routes, `/api/v1` — in one place, before any router reads the body: a request with any method
 * but GET, HEAD and OPTIONS must name the site's origin in `Origin` (or, when a browser sent
 * none, in `Referer`); one naming another origin, `null`, or nothing at all is refused with 403.
 * An `/api/v1` call that carries an `Authorization` header and no sign-in cookie is not asked:
 * another site cannot make a browser send that header, so it carries no visitor's authority.
 */
export function rejectCrossSiteWrites(options: CrossSiteGuardOptions = {}): RequestHandler {
  return (req, res, next) => {
    const verdict = crossSiteVerdict(req, options);
    if (verdict === 'allowed') {
      next();
      return;
    }
    const { origin, referer } = req.headers;
    req.log?.warn(
      { origin, hasReferer: referer !== undefined, verdict },
      'cross-site write refused',
    );
    const refusal = CROSS_SITE_REFUSALS[verdict];
    sendClientError(
      res,
      API_PATH.test(req.path),
      new AppError('FORBIDDEN', refusal.api),
      refusal.page,
    );
  };
}

/** Whether a request may go on: a read, an exempt write, a Bearer API call, or from the site. */
export function crossSiteVerdict(req: Request, options: CrossSiteGuardOptions): CrossSiteVerdict {
  if (READS.has(req.method)) return 'allowed';
  if (EXEMPT_WRITES.some((path) => path.test(req.path))) return 'allowed';
  const { origin, referer, authorization, cookie } = req.headers;
  if (API_PATH.test(req.path) && authorization && !hasAmplifyCookies(cookie)) return 'allowed';
  // Browsers send Origin with every write; Referer only stands in when Origin is absent.
  if (origin === undefined && referer === undefined) return 'unknown';
  const claimed = origin !== undefined ? originOf(origin) : originOf(referer);
  return claimed !== undefined && allowedOrigins(req, options).has(claimed) ? 'allowed' : 'foreign';
}

function allowedOrigins(req: Request, options: CrossSiteGuardOptions): Set<string> {
  const allowed = new Set<string>();
  const publicOrigin = options.publicUrl ? originOf(options.publicUrl()) : undefined;
  if (publicOrigin) allowed.add(publicOrigin);
  if (options.acceptOwnOrigin || !publicOrigin) {
    const own = req.host ? originOf(`${req.protocol}://${req.host}`) : undefined;
    if (own) allowed.add(own);
  }
  return allowed;
}

/** `scheme://host[:port]` of a URL, or undefined when it is missing or not a URL (`null`). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
