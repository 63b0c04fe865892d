import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { settleCookieChoice, uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';

/**
 * What a lister meets after publishing: status on /my-account, prices typed as people type them,
 * the review step, and the property page's header and map. The listing is made through the
 * wizard's own API, so only the parts under test are clicked.
 */
test.describe.configure({ mode: 'serial' });

const lister = { email: uniqueEmail('ux-lister'), name: 'Uma Lister' };
const title =
  'Exceptionally spacious four bedroom Victorian semi-detached family home with a south-facing garden';
let listingId = 0;
let draftId = '';

function signIn(page: Page) {
  return signInAs(page, lister);
}

async function photo(colour: string) {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test('a lister publishes through the API; the review step shows photos, description and price note', async ({
  page,
  baseURL,
}) => {
  await createUserWithSdk(baseURL!, lister);
  await signIn(page);
  const headers = fromSite(page);
  const started = await page.request.post('/api/v1/drafts', { headers });
  expect(started.status()).toBe(201);
  draftId = (await started.json()).id;
  const steps: Record<number, object> = {
    1: { channel: 'sale', propertyType: 'semi_detached' },
    2: { addressLine1: '9 Cardigan Road', town: 'Leeds', postcode: 'LS6 3AG' },
    3: {
      title,
      description: 'A generous family home on a quiet road.\n\nWalk to the park and the shops.',
      bedrooms: 4,
      bathrooms: 2,
      receptions: 2,
    },
    4: { tenure: 'freehold', councilTaxBand: 'E', epcRating: 'C' },
    5: { tours: [] },
  };
  for (const [step, fields] of Object.entries(steps)) {
    const response = await page.request.put(`/api/v1/drafts/${draftId}/steps/${step}`, {
      headers,
      data: { fields, nextStep: Number(step) + 1 },
    });
    expect(response.status(), `step ${step}`).toBe(200);
  }
  for (const colour of ['#a33', '#33a']) {
    const upload = await page.request.post(`/api/v1/drafts/${draftId}/media`, {
      headers: { ...headers, 'content-type': 'image/jpeg' },
      data: await photo(colour),
    });
    expect(upload.status()).toBe(201);
  }

  // The price as people type it, shown back normalised.
  await page.goto(`/property/new?draft=${draftId}&step=6`);
  await expect(page.getByRole('heading', { name: 'Step 6 of 7: Price' })).toBeVisible();
  const price = page.getByLabel('Asking price (£)');
  await price.fill('£1.2m');
  await price.blur();
  await expect(price).toHaveValue('1,200,000');
  await page.getByLabel('How the price is shown').selectOption('offers_over');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(
    page.getByRole('heading', { name: 'Step 7 of 7: Review and publish' }),
  ).toBeVisible();
  await expect(page.locator('.wizard__review')).toContainText('£1,200,000');
  await expect(page.locator('.wizard__review')).toContainText('Offers over');
  await expect(page.getByText('Walk to the park and the shops.')).toBeVisible();
  await expect(page.locator('.wizard__review-photos img')).toHaveCount(2);
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  listingId = Number(/\/property\/(\d+)/.exec(page.url())?.[1]);
  expect(listingId).toBeGreaterThan(0);
});

test('the property page keeps the price beside a long title and the map under the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/property/${listingId}`);
  await settleCookieChoice(page);
  const heading = page.getByRole('heading', { level: 1, name: title });
  const priceBlock = page.locator('.property__price');
  const [h1Box, priceBox, headerBox] = await Promise.all([
    heading.boundingBox(),
    priceBlock.boundingBox(),
    page.locator('.property__header').boundingBox(),
  ]);
  // Beside the title, at its top, and flush right.
  expect(priceBox!.x).toBeGreaterThan(h1Box!.x + h1Box!.width - 1);
  expect(Math.abs(priceBox!.y - h1Box!.y)).toBeLessThan(12);
  expect(Math.abs(priceBox!.x + priceBox!.width - (headerBox!.x + headerBox!.width))).toBeLessThan(
    2,
  );

  // Scrolled so the map passes under the sticky header: the header stays on top.
  const map = page.locator('.listing-map__canvas');
  // Drawn as it comes near the viewport.
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-pane').first()).toBeAttached();
  const mapTop = (await map.evaluate((element) => element.getBoundingClientRect().top)) as number;
  await page.evaluate((top) => window.scrollBy(0, top - 30), mapTop);
  const onTop = await page.evaluate(() => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    const probe = document.elementFromPoint(header.left + header.width / 2, header.bottom - 8);
    return !!probe?.closest('.site-header');
  });
  expect(onTop).toBe(true);
});

test('/my-account shows the status badge in its row and the listing count; prices typed on the manage page', async ({
  page,
}) => {
  await signIn(page);
  const headers = fromSite(page);
  const changed = await page.request.post(`/api/v1/listings/${listingId}/status`, {
    headers,
    data: { status: 'under_offer' },
  });
  expect(changed.ok()).toBe(true);
  await page.goto('/my-account');
  await expect(page.getByText('You have 1 listing')).toBeVisible();
  const row = page.getByTestId('own-listing');
  const badge = row.locator('.badge--status');
  await expect(badge).toHaveText('Under offer');
  const [rowBox, badgeBox] = await Promise.all([row.boundingBox(), badge.boundingBox()]);
  expect(badgeBox!.y).toBeGreaterThan(rowBox!.y);
  expect(badgeBox!.y + badgeBox!.height).toBeLessThan(rowBox!.y + rowBox!.height);
  expect(badgeBox!.x).toBeGreaterThan(rowBox!.x);

  await page.goto(`/my-account/listings/${listingId}`);
  const price = page.getByLabel('Price (£)');
  await expect(price).toHaveValue('1,200,000');
  await price.fill('£1.15m');
  await page.getByRole('button', { name: 'Change price' }).click();
  await expect(price).toHaveValue('1,150,000');
  await page.goto(`/property/${listingId}`);
  await expect(page.getByTestId('listing-price')).toHaveText('£1,150,000');
});

test('primary buttons share one colour, the footer call to action included', async ({ page }) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  const brand = 'rgb(15, 92, 77)';
  await expect(page.locator('.amplify-button--primary').first()).toHaveCSS(
    'background-color',
    brand,
  );
  const footerButton = page.locator('.footer-cta .button');
  await expect(footerButton).toHaveCSS('color', brand);
  await expect(page.locator('.site-header .add-listing-button')).toHaveCSS(
    'background-color',
    brand,
  );
});
