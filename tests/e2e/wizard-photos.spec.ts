import { expect, test, type Route } from '@playwright/test';
import sharp from 'sharp';
import { settleCookieChoice } from './support/accounts';
import { fromSite } from './support/site-origin';

/**
 * The wizard's photos step: photos chosen together keep the order chosen even
 * when the first finishes last, a stale 'Add at least one photo' clears once a photo is in, a
 * photo under 640 px wide is accepted with a warning, and the order moves by keyboard, is said
 * to have moved only once saved, and stays after a reload. The draft's earlier steps are filled through the API.
 */
const jpeg = (width: number, colour: string) =>
  sharp({ create: { width, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

test('photos keep the order chosen, warn when tiny and move by keyboard', async ({ page }) => {
  await page.goto('/');
  await settleCookieChoice(page);
  const headers = fromSite(page);
  const started = await page.request.post('/api/v1/drafts', { headers });
  expect(started.status()).toBe(201);
  const draftId = (await started.json()).id as string;
  const steps: Record<number, object> = {
    1: { channel: 'sale', propertyType: 'terraced' },
    2: { addressLine1: '4 Mill Lane', town: 'Leeds', postcode: 'LS6 2AB' },
    3: {
      title: 'A terraced house',
      description: 'Two bedrooms, a yard and a loft room near the park.',
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
    },
    4: { tenure: 'freehold', councilTaxBand: 'B', epcRating: 'D' },
  };
  for (const [step, fields] of Object.entries(steps)) {
    const response = await page.request.put(`/api/v1/drafts/${draftId}/steps/${step}`, {
      headers,
      data: { fields, nextStep: Number(step) + 1 },
    });
    expect(response.status(), `step ${step}`).toBe(200);
  }

  await page.goto(`/property/new?draft=${draftId}&step=5`);
  await expect(page.getByRole('heading', { name: 'Step 5 of 7: Photos and media' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.locator('#photos-error')).toHaveText('Add at least one photo');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Add at least one photo.' }),
  ).toBeVisible();

  // First chosen: 400 px wide (too small to look good); then 1200 and 1000 px wide. The first
  // one's answer is held until the other two are in, so it finishes last.
  const files = [
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await jpeg(400, '#a33') },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1200, '#3a3') },
    { name: 'third.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1000, '#33a') },
  ];
  let othersDone = 0;
  let releaseFirst!: () => void;
  const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route('**/api/v1/drafts/*/media?kind=photo', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const isFirst = route.request().postDataBuffer()?.equals(files[0]!.buffer);
    if (isFirst) await firstReleased;
    const response = await route.fetch();
    await route.fulfill({ response });
    if (!isFirst && ++othersDone === 2) releaseFirst();
  });
  await page.locator('#upload-photo').setInputFiles(files);
  const items = page.getByTestId('photo-item');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  // One button style on every tile: the cover's buttons are not stretched to its neighbours' height.
  const removeHeights = await items
    .getByRole('button', { name: /^Remove photo/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
  expect(new Set(removeHeights).size).toBe(1);
  await expect(page.getByText(/Add at least one photo/)).toHaveCount(0);

  // 160 px thumbnails: height 320 for the 400 px photo, 107 for 1200 px, 128 for 1000 px.
  const expectOrder = async (heights: string[]) => {
    for (const [index, height] of heights.entries()) {
      await expect(items.nth(index).locator('img')).toHaveAttribute('height', height);
    }
  };
  await expectOrder(['320', '107', '128']);
  await expect(items.first().getByText('Cover')).toBeVisible();
  await expect(items.first().getByTestId('small-photo-warning')).toContainText(
    'only 400 px wide, so it will look poor',
  );
  await expect(page.getByTestId('small-photo-warning')).toHaveCount(1);

  await page.reload();
  await expect(items).toHaveCount(3);
  await expectOrder(['320', '107', '128']);

  // By keyboard: the first photo moves one place later; the second becomes the cover. The
  // wizard takes focus to its step heading once it is ready, after the photos are drawn: a key
  // pressed before that would be lost with the focus, for a visitor as for the test.
  await expect(page.getByRole('heading', { name: 'Step 5 of 7: Photos and media' })).toBeFocused();
  // The save of the new order is held until the page has been seen saying 'Saving…'.
  const arrangeUrl = `**/api/v1/drafts/${draftId}/media`;
  let releaseSave!: () => void;
  const saveReleased = new Promise<void>((resolve) => (releaseSave = resolve));
  await page.route(arrangeUrl, async (route: Route) => {
    if (route.request().method() === 'PUT') await saveReleased;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Move photo 1 later' }).focus();
  await page.keyboard.press('Enter');
  await expectOrder(['107', '320', '128']);
  await expect(items.first().getByText('Cover')).toBeVisible();
  const moved = page.getByRole('status').filter({ hasText: 'Photo moved to position 2 of 3' });
  await expect(page.getByRole('status').filter({ hasText: 'Saving…' })).toBeAttached();
  await expect(moved).toHaveCount(0);
  releaseSave();
  // The move is announced once the server has the new order, so the reload finds it saved.
  await expect(moved).toBeAttached();
  await page.unroute(arrangeUrl);
  await page.reload();
  await expect(items).toHaveCount(3);
  await expectOrder(['107', '320', '128']);

  // Removing is said outright (media left out of an order are kept): the photo stays gone.
  const removed = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v1/drafts/${draftId}/media`) &&
      response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Photo 2 removed.' })).toBeAttached();
  await expectOrder(['107', '128']);
  await expect(items).toHaveCount(2);
  await page.reload();
  await expect(items).toHaveCount(2);
  await expectOrder(['107', '128']);
});
