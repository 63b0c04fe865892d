import { expect, test, type Page } from '@playwright/test';
import { watchRequests } from './support/requests-settled';

/**
 * The Content-Security-Policy in a real browser: the pages hydrate, load the map and the
 * sign-in form, and nothing they do is refused (every refusal fires `securitypolicyviolation`).
 * The policy itself is tested in server/http/create-app.test.ts and
 * tests/integration/security-headers.db.test.ts.
 */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
});

/** Opens a page, waits for it to hydrate and for `ready`, and returns what the policy refused. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const requests = watchRequests(page);
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // The nonce'd inline module script ran: it loads the route modules to hydrate with.
  await page.waitForFunction(() => Object.keys(window.__reactRouterRouteModules ?? {}).length > 1);
  await ready(page);
  await requests.settled();
  return page.evaluate(() => window.__cspViolations ?? []);
}

const hydrated = async () => {};

test('the home page runs with no refusals', async ({ page }) => {
  expect(await visit(page, '/', hydrated)).toEqual([]);
});

test('the search results and the search map run with no refusals', async ({ page }) => {
  expect(await visit(page, '/search/for-sale/', hydrated)).toEqual([]);
  const onMap = await visit(page, '/search/for-sale/leeds?radius=40&view=map', async () => {
    await expect(page.locator('.search-map__count')).toContainText('homes on the map');
    await expect(page.locator('.search-map .leaflet-marker-icon').first()).toBeVisible();
  });
  expect(onMap).toEqual([]);
});

test('a property page, with its map and enquiry form, runs with no refusals', async ({ page }) => {
  await page.goto('/search/for-sale/');
  const href = await page.locator('.listing-card__title a').first().getAttribute('href');
  const violations = await visit(page, href!, async () => {
    // The map is drawn as the visitor scrolls near it.
    await page.locator('.listing-map__canvas').scrollIntoViewIfNeeded();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    // The enquiry form validates with zod in the browser (told not to probe for eval).
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  });
  expect(violations).toEqual([]);
});

test('the sign-in page loads the Amplify Authenticator with no refusals', async ({ page }) => {
  const violations = await visit(page, '/my-account', async () => {
    await expect(page.getByLabel('Email or mobile number')).toBeVisible();
  });
  expect(violations).toEqual([]);
});
