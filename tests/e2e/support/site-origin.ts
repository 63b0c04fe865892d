import type { Page } from '@playwright/test';

/**
 * The Origin a browser sends with its own pages' writes. `page.request` carries the sign-in
 * cookie but no Origin, and every write without PUBLIC_URL's Origin is refused (docs/http.md),
 * so API calls made in a page's name send it as the page would.
 */
export function fromSite(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}

/** The same, for `request` calls made before any page is open (from the test's `baseURL`). */
export function fromBase(baseURL: string | undefined): { origin: string } {
  if (!baseURL) throw new Error('The Playwright project sets no baseURL.');
  return { origin: new URL(baseURL).origin };
}
