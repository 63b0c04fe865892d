import { expect, test } from '@playwright/test';
import { settleCookieChoice } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/**
 * Broadband and nearest stations on a demo home's page, as a buyer finds them. The demo seed
 * gives every demo home's postcode made-up broadband figures and its town three made-up
 * stations (all labelled as demo data), so the first demo listing shows both.
 */
test('a demo home shows its postcode’s broadband and its three nearest stations', async ({
  page,
  request,
}) => {
  let url: string | undefined;
  for (let id = 1; id <= 40 && !url; id += 1) {
    const response = await request.get(`/property/${id}`);
    if (response.ok() && (await response.text()).includes('Nearest stations')) url = response.url();
  }
  expect(url, 'a demo home among the first 40 listings').toBeDefined();
  await page.goto(url!);
  await settleCookieChoice(page);

  const broadband = page.getByRole('region', { name: 'Broadband' });
  await expect(broadband.getByRole('listitem').first()).toContainText(
    /available to [\d.]+% of premises in this postcode/,
  );
  await expect(broadband).toContainText('Actual speeds depend on the provider and the property');
  await expect(broadband).toContainText('Demo data');
  await expect(broadband).toContainText(/Source: Ofcom Connected Nations, figures for \w+ \d{4}/);

  const stations = page.getByRole('region', { name: 'Nearest stations' });
  await expect(stations.getByRole('listitem')).toHaveCount(3);
  await expect(stations.getByRole('listitem').first()).toContainText(/\(demo\)/);
  await expect(stations.getByRole('listitem').first()).toContainText(/[\d.]+ miles?/);
  await expect(stations).toContainText('as the crow flies');
  await expect(stations).toContainText('Demo data');
  await expect(stations).toContainText('Contains Department for Transport NaPTAN data');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await stations.getByRole('link', { name: 'About our data sources' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data sources');
  await expect(page.getByRole('heading', { name: 'Broadband' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stations' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});
