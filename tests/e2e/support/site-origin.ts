import type { Page } from '@playwright/test';

/**
 * The Origin a browser sends with its own pages' writes. `page.request` carries the sign-in
 * cookie but no Origin, and the API refuses cookie-authenticated writes without PUBLIC_URL's
 * (docs/http.md), so API calls made in a page's name send it as the page would.
 */
export function fromSite(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}
