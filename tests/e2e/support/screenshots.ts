import type { Locator, Page } from '@playwright/test';

/** The widths every page is pictured at: a phone and a laptop. */
export const SCREENSHOT_WIDTHS = [390, 1280] as const;

/**
 * Pictures of the page as it is now (or of one part of it) at each width, written to
 * `test-results/screenshots/<name>-<width>.png` for people to look at. CI prints its output only,
 * so there they are skipped. The viewport goes back to what it was, so the test carries on as before.
 */
export async function screenshotAtWidths(page: Page, name: string, part?: Locator) {
  if (process.env.CI) return;
  const before = page.viewportSize();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const path = `test-results/screenshots/${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
