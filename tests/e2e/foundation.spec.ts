import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { watchRequests } from './support/requests-settled';

test.describe('server-rendered pages', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows seeded listings with prices before any script runs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find your next home');
    const cards = page.locator('.listing-card');
    await expect(cards).toHaveCount(12);
    await expect(cards.first().locator('.listing-card__price')).toContainText('£');
  });

  test('for-sale search lists 24 homes a page with working pagination links', async ({ page }) => {
    await page.goto('/search/for-sale/');
    await expect(page.locator('.listing-card')).toHaveCount(24);
    await expect(page.getByRole('status')).toContainText(/homes for sale · page 1 of \d+/);
    const firstLink = page.locator('.listing-card__title a').first();
    const firstHref = await firstLink.getAttribute('href');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('status')).toContainText('page 2 of');
    await expect(firstLink).not.toHaveAttribute('href', firstHref!);
  });

  test('a listing opens at its canonical address with photos served by the loader', async ({
    page,
  }) => {
    await page.goto('/search/for-rent/');
    const first = page.locator('.listing-card__title a').first();
    const title = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveURL(/\/property\/\d+\/[a-z0-9-]+-to-rent-[a-z-]+$/);
    await expect(page.getByText(/£[\d,]+ pcm|£[\d,]+ pw/).first()).toBeVisible();
    const cover = page.locator('.property__gallery img').first();
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('an unknown page answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test('pages hydrate without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/search/for-sale/');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByRole('status')).toContainText('page 2 of');
  expect(errors).toEqual([]);
});

for (const path of ['/', '/search/for-sale/', '/search/for-rent/']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}

test('public pages load and hydrate without calling Intl (its first call loads ICU data)', async ({
  page,
}) => {
  // domain/format.ts and domain/london-time.ts format prices and UK dates by hand: a tab's first
  // Intl call cost 40–130 ms of the main thread (docs/performance.md).
  await page.addInitScript(() => {
    const uses: string[] = [];
    (window as unknown as { intlUses: string[] }).intlUses = uses;
    const note = (name: string) => uses.push(`${name} at ${new Error().stack?.split('\n')[3]}`);
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'PluralRules',
      'Collator',
      'RelativeTimeFormat',
      'ListFormat',
    ]) {
      const original = intl[name]!;
      intl[name] = new Proxy(original, {
        construct: (target, args) => (
          note(`Intl.${name}`),
          Reflect.construct(target, args) as object
        ),
        apply: (target, self, args) => (note(`Intl.${name}`), Reflect.apply(target, self, args)),
      });
    }
    const methods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [owner, method] of methods) {
      const target = owner as Record<string, (...args: unknown[]) => unknown>;
      const original = target[method]!;
      target[method] = function (this: unknown, ...args: unknown[]) {
        note(method);
        return original.apply(this, args);
      };
    }
  });
  const uses = () => page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses);

  await page.goto('/search/for-sale/');
  const property = await page.locator('.listing-card__title a').first().getAttribute('href');
  for (const path of ['/', '/search/for-sale/', property!, '/pricing']) {
    await page.goto(path);
    // Enabled once React has hydrated the page: everything a first load runs has run.
    await expect(page.getByRole('button', { name: 'Accept optional cookies' })).toBeEnabled();
    expect(await uses(), path).toEqual([]);
  }
  // The hooks do see a call.
  await page.evaluate(() => new Intl.NumberFormat('en-GB').format(1));
  expect(await uses()).toHaveLength(1);
});

test('cards and footer links navigate inside the app; a modified click is left to the browser', async ({
  page,
}) => {
  await page.goto('/search/for-sale/');
  // Choosing hides the cookie banner (it would cover the footer) and shows the page hydrated.
  await page.getByRole('button', { name: 'Reject optional cookies' }).click();
  // Set on this document: still there after a navigation only if the page did not reload.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  const card = page.locator('.listing-card__title a').first();
  const title = (await card.textContent())!;
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(await sameDocument()).toBe(true);

  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  expect(await sameDocument()).toBe(true);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Shift-click opens a new window, as for any link: this page stays where it is.
  const opened = page.context().waitForEvent('page');
  await footer.getByRole('link', { name: 'Pricing' }).click({ modifiers: ['Shift'] });
  await (await opened).close();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('a property page arrives whole, and draws its map only when the visitor scrolls near it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // A demo home, which no other spec changes (a test reads data no other spec can change,
  // docs/testing.md): the newest in search is often another spec's listing, changing under it.
  await page.goto('/listers/roost-demo-homes');
  const property = await page.locator('.listing-card__title a').nth(5).getAttribute('href');

  // Every part in its place in the markup, not sent hidden at the end of the page with a script
  // to move it (React does that past 12.8 KB unless told not to; it cost a second layout). The
  // first render after the server starts may still stream the calculators while their module
  // loads.
  await page.request.get(property!);
  const html = await (await page.request.get(property!)).text();
  const costs = html.indexOf('id="buying-costs"');
  expect(costs).toBeGreaterThan(0);
  expect(costs).toBeLessThan(html.indexOf('id="location-heading"'));

  const leaflet: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/leaflet[^/]*\.js$/.test(new URL(request.url()).pathname)) {
      leaflet.push(request.url());
    }
  });
  const requests = watchRequests(page);
  await page.goto(property!);
  await expect(page.getByRole('button', { name: 'Accept optional cookies' })).toBeEnabled();
  const map = page.locator('.listing-map__canvas');
  await requests.settled();
  // Further down than the 400 px ahead of the viewport at which the map starts.
  expect(await map.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
    823 + 400,
  );
  await expect(map).toHaveAttribute('data-state', 'idle');
  expect(leaflet).toEqual([]);

  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-pane').first()).toBeAttached();
  expect(leaflet.length).toBeGreaterThan(0);
});
