import { expect, type Page } from '@playwright/test';

/**
 * Watches the requests a page makes, from now on, so a test can wait until every one of them has
 * finished: then whatever they bring (a lazy chunk, the sign-in configuration, a refusal by the
 * content security policy, a layout shift) has happened, and the test checks what is left. A
 * condition, where `networkidle` waits for half a second of quiet.
 */
export function watchRequests(page: Page) {
  const open = new Set<unknown>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return {
    async settled() {
      await page.waitForLoadState('load');
      await expect.poll(() => open.size, { message: 'requests still open' }).toBe(0);
      // Two frames, so what the last answers changed has been laid out and painted.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          ),
      );
    },
  };
}
