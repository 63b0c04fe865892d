import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Map pictures (app/components/map-tiles.ts). */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';

/** What Stripe.js needs: its script, its card and 3-D Secure frames, and its API. */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export interface ContentSecurityPolicyOptions {
  /**
   * Origins the pages' scripts call besides the site itself: the user pool and its hosted OAuth
   * domain (Amplify), read for every response because the HTTPS port is known only once listening.
   */
  connectOrigins?: () => readonly string[];
  /**
   * `npm run dev`: Vite's hot-reload socket, and inline scripts and styles allowed without a
   * nonce (none is made). Never in production.
   */
  development?: boolean;
  /** Ask browsers to fetch `http:` subresources over HTTPS (when PUBLIC_URL is https). */
  upgradeInsecureRequests?: boolean;
}

type Directive = (_req: unknown, res: ServerResponse) => string;

/** The nonce of this response's inline scripts and styles (set by `contentSecurityPolicy`). */
export function cspNonceOf(res: { locals: Record<string, unknown> }): string | undefined {
  return typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : undefined;
}

/**
 * A fresh nonce per response (in `res.locals.cspNonce`, for the page renderer) and a policy that
 * runs only our own scripts, those carrying the nonce, and Stripe.js; nothing may frame us.
 */
export function contentSecurityPolicy(
  options: ContentSecurityPolicyOptions = {},
): RequestHandler[] {
  const {
    connectOrigins = () => [],
    development = false,
    upgradeInsecureRequests = false,
  } = options;
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const nonce: Directive = (_req, res) => `'nonce-${cspNonceOf(res as Response) ?? ''}'`;
  // Development allows inline scripts and styles without a nonce: Vite injects `<style>`
  // elements, and React warns of every nonce on hydration there (the browser hides nonces).
  const inline = development ? ["'unsafe-inline'"] : [nonce];
  const identity: Directive = () => connectOrigins().join(' ');
  const policy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...inline, ...STRIPE_SOURCES.script],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", ...inline],
      // No style attributes in markup: a server-rendered `style={…}` is refused, so pages use
      // classes. Styles set through the CSSOM (React on the client, Leaflet) are not affected.
      'style-src-attr': ["'none'"],
      'img-src': ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
      'font-src': ["'self'", 'data:'],
      'connect-src': [
        "'self'",
        identity,
        ...STRIPE_SOURCES.connect,
        // Vite's hot-reload socket listens on a port of its own.
        ...(development ? ['ws:', 'wss:'] : []),
      ],
      'frame-src': [...STRIPE_SOURCES.frame],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(upgradeInsecureRequests ? { 'upgrade-insecure-requests': [] } : {}),
    },
  });
  return development ? [policy] : [setNonce, policy];
}
