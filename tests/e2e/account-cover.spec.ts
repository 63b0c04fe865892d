import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';

/**
 * The thumbnail of a listing on /my-account is the photo its lister chose as
 * cover — here the last of three uploaded, made cover in the wizard — not the first uploaded nor
 * a placeholder. Each photo is one plain colour, so the thumbnail's own pixels tell which it is.
 */
const COLOURS = { red: '#c02020', green: '#20a020', blue: '#2030c0' } as const;

const plainPhoto = (colour: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The mean colour of an image, as [red, green, blue] from 0 to 255. */
async function meanColour(bytes: Buffer): Promise<number[]> {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

test('the /my-account thumbnail is the cover the lister chose', async ({ page, baseURL }) => {
  test.slow(); // signs up, fills six steps, uploads three photos and publishes
  const lister = { email: uniqueEmail('cover-lister'), name: 'Cora Lister' };
  await createUserWithSdk(baseURL!, lister);
  await signInAs(page, lister);

  const headers = fromSite(page);
  const started = await page.request.post('/api/v1/drafts', { headers });
  expect(started.status()).toBe(201);
  const draftId = (await started.json()).id as string;
  const steps: Record<number, object> = {
    1: { channel: 'sale', propertyType: 'detached' },
    2: { addressLine1: '3 Cover Close', town: 'Leeds', postcode: 'LS6 2AB' },
    3: {
      title: 'A detached house whose cover is the blue photo',
      description: 'Three bedrooms, a garden and a garage, near the park and the shops.',
      bedrooms: 3,
      bathrooms: 1,
      receptions: 1,
    },
    4: { tenure: 'freehold', councilTaxBand: 'D', epcRating: 'C' },
    5: { tours: [] },
  };
  for (const [step, fields] of Object.entries(steps)) {
    const response = await page.request.put(`/api/v1/drafts/${draftId}/steps/${step}`, {
      headers,
      data: { fields, nextStep: Number(step) + 1 },
    });
    expect(response.status(), `step ${step}`).toBe(200);
  }
  const keys: Record<string, string> = {};
  for (const [name, colour] of Object.entries(COLOURS)) {
    const upload = await page.request.post(`/api/v1/drafts/${draftId}/media`, {
      headers: { ...headers, 'content-type': 'image/jpeg' },
      data: await plainPhoto(colour),
    });
    expect(upload.status()).toBe(201);
    keys[name] = (await upload.json()).key;
  }

  // In the wizard, the third photo (blue) is made the cover.
  await page.goto(`/property/new?draft=${draftId}&step=5`);
  const items = page.getByTestId('photo-item');
  await expect(items).toHaveCount(3);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v1/drafts/${draftId}/media`) &&
      response.request().method() === 'PUT',
  );
  await items.nth(2).getByRole('button', { name: 'Make cover' }).click();
  expect((await saved).status()).toBe(200);
  await expect(items.first().getByText('Cover')).toBeVisible();
  await expect(items.first().locator('img')).toHaveAttribute('src', new RegExp(keys.blue!));

  const priced = await page.request.put(`/api/v1/drafts/${draftId}/steps/6`, {
    headers,
    data: {
      fields: { channel: 'sale', price: 425000, priceQualifier: 'guide_price' },
      nextStep: 7,
    },
  });
  expect(priced.status()).toBe(200);
  const published = await page.request.post(`/api/v1/drafts/${draftId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(201);

  await page.goto('/my-account');
  const row = page
    .getByTestId('own-listing')
    .filter({ hasText: 'A detached house whose cover is the blue photo' });
  const thumbnail = row.locator('img');
  await expect(thumbnail).toBeVisible();
  const src = (await thumbnail.getAttribute('src'))!;
  expect(src).toContain(keys.blue);
  // The picture served is the blue photo itself, not another one nor a placeholder.
  const image = await page.request.get(src);
  expect(image.status()).toBe(200);
  const [red, green, blue] = await meanColour(await image.body());
  expect(blue).toBeGreaterThan(150);
  expect(red).toBeLessThan(80);
  expect(green).toBeLessThan(80);
});
