import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { settleCookieChoice, uniqueEmail } from './support/accounts';
import { signInAs } from './support/sign-in';
import { createUserWithSdk } from './support/identity-admin';

/**
 * Screenshots of the pages people see first, at a phone's and a laptop's width, written to
 * `test-results/screenshots/<name>-<width>.png` (not on CI); each page is also checked with axe.
 *
 * To add a page, add an entry: its name, whether it needs a signed-in user, how to reach it
 * (`open`) and what shows it has finished loading (`ready`).
 */
interface ScreenshotPage {
  name: string;
  isSignedIn?: boolean;
  open: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<void>;
  /** Third-party parts axe should skip (selectors). */
  axeExclude?: string[];
}

const SCREENSHOT_PAGES: ScreenshotPage[] = [
  {
    name: 'home',
    open: (page) => page.goto('/').then(() => undefined),
    ready: (page) => expect(page.locator('.listing-card').first()).toBeVisible(),
  },
  {
    name: 'sign-in',
    open: (page) => page.goto('/my-account').then(() => undefined),
    ready: (page) => expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible(),
  },
  {
    name: 'search-list',
    open: (page) => page.goto('/search/for-sale/leeds').then(() => undefined),
    ready: (page) => expect(page.locator('.listing-card').first()).toBeVisible(),
  },
  {
    name: 'search-map',
    open: (page) => page.goto('/search/for-sale/leeds?radius=10&view=map').then(() => undefined),
    ready: (page) => expect(page.locator('.search-map .leaflet-marker-icon').first()).toBeVisible(),
    axeExclude: ['.leaflet-container'],
  },
  {
    name: 'property',
    open: async (page) => {
      await page.goto('/search/for-sale/leeds');
      const href = await page
        .locator('.listing-card a[href^="/property/"]')
        .first()
        .getAttribute('href');
      await page.goto(href!);
    },
    ready: (page) => expect(page.getByTestId('listing-price')).toBeVisible(),
    axeExclude: ['.leaflet-container'],
  },
  {
    name: 'lister-profile',
    open: async (page) => {
      await page.goto('/search/for-sale/leeds');
      const href = await page
        .locator('.listing-card a[href^="/property/"]')
        .first()
        .getAttribute('href');
      await page.goto(href!);
      const profile = await page.locator('.property__lister a').getAttribute('href');
      await page.goto(profile!);
    },
    ready: (page) => expect(page.locator('.lister-profile__facts')).toBeVisible(),
  },
  {
    name: 'pricing',
    open: (page) => page.goto('/pricing').then(() => undefined),
    ready: (page) => expect(page.getByText(/^Up to \d+ photos and \d+ floorplans$/)).toBeVisible(),
  },
  {
    name: 'not-found',
    open: (page) => page.goto('/no-such-page').then(() => undefined),
    ready: (page) => expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
  },
  {
    name: 'wizard',
    open: (page) => page.goto('/property/new').then(() => undefined),
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Step 1 of 7: Type and channel' })).toBeVisible(),
  },
  {
    name: 'account',
    isSignedIn: true,
    open: (page) => page.goto('/my-account').then(() => undefined),
    ready: (page) => expect(page.getByRole('heading', { name: 'Your listings' })).toBeVisible(),
  },
  {
    name: 'messages',
    isSignedIn: true,
    open: async (page) => {
      await enquireOnce(page);
      await page.goto('/my-account/messages');
    },
    ready: (page) => expect(page.getByTestId('message-thread').first()).toBeVisible(),
  },
  {
    name: 'message-thread',
    isSignedIn: true,
    open: async (page) => {
      await enquireOnce(page);
      await page.goto('/my-account/messages');
      const href = await page.locator('.message-thread__link').first().getAttribute('href');
      await page.goto(href!);
    },
    ready: (page) => expect(page.getByLabel(/^Reply to /)).toBeVisible(),
  },
];

/** The signed-in user's conversation for the messages pages: one enquiry about a demo home. */
let hasEnquired = false;
async function enquireOnce(page: Page) {
  if (hasEnquired) return;
  await page.goto('/search/for-sale/leeds');
  const href = await page
    .locator('.listing-card a[href^="/property/"]')
    .first()
    .getAttribute('href');
  await page.goto(href!);
  const enquiry = page.locator('.property__enquiry');
  await enquiry.getByLabel('Message').fill('Hello, is this home still available to view?');
  await enquiry.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message has been sent to the lister.')).toBeVisible();
  hasEnquired = true;
}

const WIDTHS = [390, 1280];

test.describe('screenshots', () => {
  const user = { email: uniqueEmail('screens'), name: 'Sasha Screens' };

  test.beforeAll(async ({ baseURL }) => {
    await createUserWithSdk(baseURL!, user);
  });

  for (const isSignedIn of [false, true]) {
    const pages = SCREENSHOT_PAGES.filter((entry) => !!entry.isSignedIn === isSignedIn);
    test(`${isSignedIn ? 'signed-in' : 'public'} pages at ${WIDTHS.join(' and ')} px, axe clean`, async ({
      page,
    }) => {
      // Each page at two widths, with axe: longer than one page's default.
      test.setTimeout(240_000);
      await page.goto('/');
      await settleCookieChoice(page);
      if (isSignedIn) {
        await signInAs(page, user);
      }
      for (const entry of pages) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await entry.open(page);
          await entry.ready(page);
          // Pictures for people to look at: CI prints its output only, so there they are skipped
          // (each full-page PNG costs the browser a second of CPU on a slow machine).
          if (!process.env.CI) {
            await page.screenshot({
              path: `test-results/screenshots/${entry.name}-${width}.png`,
              fullPage: true,
            });
          }
        }
        await expectNoAxeViolations(page, entry.axeExclude);
      }
    });
  }
});
