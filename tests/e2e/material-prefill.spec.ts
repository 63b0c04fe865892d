import { expect, test, type Page } from '@playwright/test';
import { buildDemoListings } from '../../server/marketplace/demo/seed-demo.ts';
import { settleCookieChoice } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/**
 * The material step fills in broadband from the open data at the postcode (here the demo's
 * made-up Ofcom figures, which every demo home's postcode has), names the source, and asks why
 * when the lister writes something else; demo homes show where each stated part came from.
 */
const demoHome = buildDemoListings().find(({ listing }) => listing.country === 'England')!.listing;

async function saveAndContinue(page: Page) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

test('the wizard fills in broadband from Ofcom’s figures and asks why when the lister differs', async ({
  page,
}) => {
  await page.goto('/property/new');
  await settleCookieChoice(page);
  await page.getByRole('radio', { name: 'Selling' }).check();
  await page.getByLabel('Type of property').selectOption('terraced');
  await saveAndContinue(page);
  await page.getByLabel('Address line 1').fill('3 Material Way');
  await page.getByLabel('Town or city').fill(demoHome.town);
  await page.getByLabel('Postcode').fill(demoHome.postcode);
  await saveAndContinue(page);
  await page.getByLabel('Title').fill('Terraced house with open data');
  await page.getByLabel('Description').fill('A terraced house, to test what open data fills in.');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('1');
  await page.getByLabel('Reception rooms').fill('1');
  await saveAndContinue(page);

  await expect(
    page.getByRole('heading', { name: 'Step 4 of 7: Material information' }),
  ).toBeVisible();
  const broadband = page.getByLabel('Broadband', { exact: true });
  await expect(broadband).toHaveValue(/available to [\d.]+% of premises in this postcode$/);
  await expect(
    page.getByText(/^Filled in from Ofcom Connected Nations \(demo data\), \w+ \d{4}\./),
  ).toBeVisible();
  await page.getByLabel('Tenure').selectOption('freehold');
  await page.getByLabel('Council tax band').selectOption('C');
  await page.getByLabel('EPC rating').selectOption('D');

  await broadband.fill('Full fibre, up to 1 Gbit/s');
  const reason = page.getByLabel('Why is this different from the Ofcom Connected Nations data?');
  await expect(reason).toBeVisible();
  await saveAndContinue(page);
  await expect(
    page.getByText(
      'Say why this differs from the Ofcom Connected Nations data, or use its wording',
    ),
  ).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await reason.fill('Full fibre was connected in the spring');
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { name: 'Step 5 of 7: Photos and media' })).toBeVisible();
  await page.getByRole('button', { name: /4\. Material information/ }).click();
  await expect(broadband).toHaveValue('Full fibre, up to 1 Gbit/s');
  await expect(reason).toHaveValue('Full fibre was connected in the spring');
});

test('a demo home shows which material information came from open data and which from the lister', async ({
  page,
  request,
}) => {
  const found: string[] = [];
  for (let id = 1; id <= 40 && found.length < 2; id += 1) {
    const response = await request.get(`/property/${id}`);
    const html = response.ok() ? await response.text() : '';
    if (html.includes('Stated by the lister.')) found.push(response.url());
  }
  expect(found.length, 'a demo home with the lister’s own broadband').toBeGreaterThan(0);
  await page.goto(found[0]!);
  await settleCookieChoice(page);
  const material = page.getByRole('region', { name: 'Material information' });
  await expect(material).toContainText(
    /From Environment Agency Flood Map for Planning, \w+ \d{4} \(demo data\)/,
  );
  await expect(material).toContainText(
    /Stated by the lister\. Ofcom Connected Nations, \w+ \d{4} \(demo data\) says: .+\. The lister’s reason: Full fibre was connected to the house this year/,
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});
