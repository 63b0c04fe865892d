/**
 * `fetch` as the site's own pages send it: with `Origin: <base's origin>` unless the caller set
 * an Origin or Referer. Every write must name the site (`server/http/cross-site-guard.ts`), and
 * Node's fetch, unlike a browser, sends no Origin of its own.
 */
export function fetchFromSite(
  base: string,
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('origin') && !headers.has('referer'))
    headers.set('origin', new URL(base).origin);
  return fetch(input, { ...init, headers });
}

/** The `Origin` header of a request from `base`'s own pages, for clients other than fetch. */
export function siteOrigin(base: string): { origin: string } {
  return { origin: new URL(base).origin };
}
