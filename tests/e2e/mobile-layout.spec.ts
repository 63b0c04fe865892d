import { expect, test, type Page } from '@playwright/test';
import { settleCookieChoice } from './support/accounts';

/** Every page a signed-out visitor can reach from the header and footer. */
const PUBLIC_PAGES = [
  '/',
  '/search/for-sale/',
  '/search/for-rent/manchester',
  '/pricing/',
  '/about-us',
  '/faq',
  '/contact-us',
  '/terms-of-use',
  '/privacy-policy',
  '/payment-refund-policy',
  '/my-account',
  '/favourites',
  '/saved-searches',
  '/definitely/not/here',
];

async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(widths.inner);
}

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no public page scrolls sideways at 390 px, with the menu shut or open', async ({
    page,
  }) => {
    await page.goto('/');
    await settleCookieChoice(page);
    const propertyHref = await page
      .locator('.listing-card a[href^="/property/"]')
      .first()
      .getAttribute('href');
    for (const path of [...PUBLIC_PAGES, propertyHref!]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectNoSidewaysScroll(page, path);
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} with the menu open`);
      await page.keyboard.press('Escape');
    }
  });

  test('the menu drops over the page without growing the header, and keeps focus inside', async ({
    page,
  }) => {
    for (const width of [390, 768, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about-us');
      await settleCookieChoice(page);
      const header = page.locator('.site-header');
      const before = (await header.boundingBox())!.height;
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu).toBeVisible();
      expect((await header.boundingBox())!.height).toBe(before);
      await expectNoSidewaysScroll(page, `/about-us at ${width} px`);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Tabbing past the last item comes back to the toggle, never to the page behind.
      const items = await menu.locator('a, button').count();
      for (let index = 0; index < items + 2; index += 1) {
        await page.keyboard.press('Tab');
        const isInside = await page.evaluate(
          () =>
            !!document.activeElement?.closest('#mobile-menu') ||
            document.activeElement?.classList.contains('menu-toggle'),
        );
        expect(isInside, `focus left the menu after ${index + 1} tabs at ${width} px`).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
    }
  });
});
