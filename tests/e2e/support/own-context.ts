import { test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * Pages in browser contexts of their own (another person, signed in or out), all closed once the
 * spec file has run. Left open, such a page keeps its timers and requests going against the
 * server while later spec files run.
 */
export function ownContextPages(): (
  browser: Browser,
  options?: BrowserContextOptions,
) => Promise<Page> {
  const opened: { close(): Promise<void> }[] = [];
  test.afterAll(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    opened.push(context);
    return context.newPage();
  };
}
