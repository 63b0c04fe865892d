import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, the level every page is held to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe finds nothing on the page (outside `exclude`, selectors of third-party parts).
 * Legacy mode runs the same rules in the page itself, rather than opening a blank page to
 * gather each frame's results, which only cross-origin frames need (Roost's pages have none):
 * 40 % less time a check: about a minute of a CI run on two cores.
 */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []) {
  let builder = new AxeBuilder({ page })
    // Only violations are read: axe then skips gathering and returning every passing node,
    // about a fifth of a check's browser CPU on a search page. First, as `options` replaces
    // what `withTags` sets.
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
