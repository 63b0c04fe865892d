import { expect, test, type APIRequestContext } from '@playwright/test';
import { settleCookieChoice } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/**
 * Flood risk on demo homes' pages, as a buyer finds it. The demo seed puts a few of its first
 * homes in England in made-up flood zones (labelled as demo data: demo-flood-zones.ts), so the
 * first such home among the earliest listings is used.
 */
async function demoHomeShowing(request: APIRequestContext, html: string) {
  for (let id = 1; id <= 60; id += 1) {
    const response = await request.get(`/property/${id}`);
    if (response.ok() && (await response.text()).includes(html)) return response.url();
  }
  throw new Error(`No demo home shows '${html}' among the first 60 listings`);
}

test('a demo home in a demo Flood Zone 3 shows its zone as area risk, with the caveats and credit', async ({
  page,
  request,
}) => {
  await page.goto(await demoHomeShowing(request, '<strong>Flood Zone 3</strong>'));
  await settleCookieChoice(page);
  const section = page.getByRole('region', { name: 'Flood risk' });
  await expect(section.getByText('Flood Zone 3', { exact: true })).toBeVisible();
  await expect(section).toContainText('High probability');
  await expect(section).toContainText('within about 100 metres of the home’s approximate location');
  await expect(section).toContainText('not for an individual property');
  await expect(section).toContainText('Demo data');
  await expect(section).toContainText('© Environment Agency copyright and/or database right.');
  await expect(
    section.getByRole('link', { name: /Check the long term flood risk for this address/ }),
  ).toHaveAttribute('href', 'https://www.gov.uk/check-long-term-flood-risk');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await section.getByRole('link', { name: 'About our data sources' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data sources');
  await expect(page.getByRole('heading', { name: 'Flood risk' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a demo home in a demo Flood Zone 2 shows medium probability', async ({ page, request }) => {
  await page.goto(await demoHomeShowing(request, '<strong>Flood Zone 2</strong>'));
  await settleCookieChoice(page);
  const section = page.getByRole('region', { name: 'Flood risk' });
  await expect(section.getByText('Flood Zone 2', { exact: true })).toBeVisible();
  await expect(section).toContainText('Medium probability');
  await expect(section).toContainText('Demo data');
});

test('a home in Wales says the map covers England only and where to look instead', async ({
  page,
  request,
}) => {
  await page.goto(await demoHomeShowing(request, 'Natural Resources Wales'));
  await settleCookieChoice(page);
  const section = page.getByRole('region', { name: 'Flood risk' });
  await expect(section).toContainText('Flood zones are shown for homes in England only');
  await expect(section.getByRole('link', { name: /Natural Resources Wales/ })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});
