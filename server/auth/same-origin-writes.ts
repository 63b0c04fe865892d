import type { Request, RequestHandler } from 'express';
import { AppError } from '../http/app-error.ts';
import { sessionCredentialOf } from './session-middleware.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginWritesOptions {
  /**
   * PUBLIC_URL, read per request (the port is known only once listening). Without it, the
   * request's own origin (its Host header) stands in, which still refuses other sites.
   */
  publicUrl?: () => string;
}

/**
 * Cross-site request forgery guard for `/api/v1`: a write (any method but GET, HEAD and OPTIONS)
 * that the sign-in cookie authenticates must say it comes from Roost's own pages — an `Origin`
 * (or, when a browser sent none, a `Referer`) with PUBLIC_URL's origin — else 403. A Bearer
 * token cannot be sent by another site, and an unauthenticated request (a payment webhook, a
 * signed-out enquiry) carries no one's authority, so neither is checked. Runs after the session
 * middleware, which records how the request was authenticated.
 */
export function requireSameOriginForCookieWrites(
  options: SameOriginWritesOptions = {},
): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) || sessionCredentialOf(res) !== 'cookie') {
      next();
      return;
    }
    const expected = options.publicUrl ? originOf(options.publicUrl()) : ownOrigin(req);
    // Browsers send Origin with every write; Referer only stands in when Origin is absent.
    const { origin, referer } = req.headers;
    const claimed = origin !== undefined ? originOf(origin) : originOf(referer);
    if (expected && claimed === expected) {
      next();
      return;
    }
    req.log?.warn(
      { origin, hasReferer: referer !== undefined },
      'cookie-authenticated API write from another origin refused',
    );
    next(new AppError('FORBIDDEN', 'This request must come from a page on this site.'));
  };
}

/** `scheme://host[:port]` of a URL, or undefined when it is missing or not a URL (`null`). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function ownOrigin(req: Request): string | undefined {
  return req.host ? originOf(`${req.protocol}://${req.host}`) : undefined;
}
