import { expect, test, type APIRequestContext } from '@playwright/test';
import { settleCookieChoice } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/**
 * 'Schools nearby' on a demo home's page, as a buyer finds it. The demo seed places made-up
 * open schools (labelled as demo data) around every demo home in England, so the first such
 * home among the earliest listings is used.
 */
async function demoHomeInEngland(request: APIRequestContext) {
  for (let id = 1; id <= 40; id += 1) {
    const response = await request.get(`/property/${id}`);
    if (response.ok() && (await response.text()).includes('>Primary schools</h3>'))
      return response.url();
  }
  throw new Error('No demo home lists primary schools among the first 40 listings');
}

const miles = (text: string) => Number(/([\d.]+) miles?/.exec(text)?.[1]);

test('a demo home lists its nearest primary and secondary schools, and warns about catchment', async ({
  page,
  request,
}) => {
  await page.goto(await demoHomeInEngland(request));
  await settleCookieChoice(page);
  const section = page.getByRole('region', { name: 'Schools nearby' });
  for (const [stage, name] of [
    ['Primary schools', /Primary School$/],
    ['Secondary schools', /(Academy|High School)$/],
  ] as const) {
    await expect(section.getByRole('heading', { name: stage, level: 3 })).toBeVisible();
    const items = section
      .getByRole('list')
      .filter({ has: page.getByText(name).first() })
      .getByRole('listitem');
    await expect(items).toHaveCount(3);
    const texts = await items.allInnerTexts();
    const distances = texts.map(miles);
    // Nearest first, each within two miles (the demo's lattice), with type, ages and Ofsted.
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((distance) => distance < 2)).toBe(true);
    for (const text of texts) expect(text).toMatch(/Ages \d+ to \d+/);
    expect(texts.join('\n')).toMatch(/Ofsted: (Outstanding|Good|Requires improvement)/);
  }
  await expect(section).toContainText('Nearest is not the same as in catchment');
  await expect(section).toContainText('local council');
  await expect(section).toContainText('Demo data');
  await expect(section).toContainText('Open Government Licence v3.0');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await section.getByRole('link', { name: 'About our data sources' }).click();
  await expect(page.getByRole('heading', { name: 'Schools', level: 2 })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});
