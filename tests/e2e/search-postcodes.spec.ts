import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { settleCookieChoice, uniqueEmail } from './support/accounts';
import { createUserWithSdk, signInWithTokens } from './support/identity-admin';
import { fromBase } from './support/site-origin';

/**
 * Postcodes offline: placed by their sector's centre with a note, opening half a mile round; an
 * empty area offers wider circles.
 */
test('a district with no homes to rent offers 1, 3 and 5 miles with their counts', async ({
  page,
}) => {
  // Longsight: a Manchester district the demo lists nothing in (server/marketplace/demo/uk-places.ts).
  await page.goto('/search/for-rent/?location=m12');
  await settleCookieChoice(page);
  await expect(page.getByLabel('Town, city or postcode')).toHaveValue('M12');
  const empty = page.locator('.empty-state');
  await expect(empty.getByRole('heading', { name: 'No homes here' })).toBeVisible();
  const links = empty.getByRole('link', { name: /^\d miles? \(\d+ homes?\)$/ });
  await expect(links).toHaveCount(3);
  const fiveMiles = empty.getByRole('link', { name: /^5 miles/ });
  const count = Number(/\((\d+) home/.exec((await fiveMiles.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  await fiveMiles.click();
  await expect(page).toHaveURL(/radius=5/);
  await expect(page.locator('.listing-card')).toHaveCount(Math.min(count, 24));
});

test('a full postcode with no homes of its own is placed by its sector, with a note', async ({
  page,
}) => {
  await page.goto('/search/for-sale/?location=sw1a1aa&radius=5');
  await settleCookieChoice(page);
  await expect(page.getByLabel('Town, city or postcode')).toHaveValue('SW1A 1AA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property for sale in SW1A 1AA');
  await expect(
    page.getByText(
      'We placed SW1A 1AA by its postcode sector (SW1A 1), so distances are approximate.',
    ),
  ).toBeVisible();
  await expect(page.locator('.listing-card').first()).toBeVisible();
});

test('a full postcode or district on its own gives homes, or the wider circles with their counts', async ({
  page,
}) => {
  await page.goto('/');
  await settleCookieChoice(page);
  for (const [channel, location] of [
    ['for-sale', 'SW1A 1AA'],
    ['for-rent', 'SW1A 1AA'],
    ['for-sale', 'M1'],
    ['for-rent', 'M1'],
  ]) {
    await page.goto(`/search/${channel}/?location=${encodeURIComponent(location!)}`);
    // A postcode is placed by its sector, and the page says so; a district at its own centre.
    if (location === 'SW1A 1AA') {
      await expect(page.locator('.notice')).toContainText(
        'We placed SW1A 1AA by its postcode sector',
      );
    } else {
      await expect(page.getByLabel('Search radius')).toHaveValue('0');
      await expect(page.getByText(/We placed M1/)).toHaveCount(0);
    }
    const cards = page.locator('.listing-card');
    const noHomesHere = page.getByRole('heading', { name: 'No homes here' });
    await expect(cards.first().or(noHomesHere)).toBeVisible();
    if (await noHomesHere.isVisible()) {
      const wider = page
        .locator('.empty-state')
        .getByRole('link', { name: /miles? \(\d+ homes?\)$/ });
      await expect(wider, `${channel} ${location}`).toHaveCount(3);
      await expect(wider.last()).not.toHaveText(/\(0 homes\)/);
    }
  }
});

test('a postcode search is centred on its sector, half a mile round, far from its post town', async ({
  page,
  browser,
  baseURL,
}) => {
  // A home in Fort William's PH33 7 sector, listed through the API: placed at that sector's
  // centre, 2.2 km from the centre of PH33 6 (postcode-centroids/sectors.csv). Fort William is
  // 113 km from Perth, the PH area's post town.
  const seller = { email: uniqueEmail('postcode-seller'), name: 'Fiona Fort' };
  await createUserWithSdk(baseURL!, seller);
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signInWithTokens(sellerPage, seller, baseURL!);
  const idToken = (await sellerContext.cookies()).find((cookie) =>
    /\.idToken$/.test(decodeURIComponent(cookie.name)),
  )!.value;
  const title = `Croft house below Ben Nevis ${Date.now().toString(36)}`;
  const created = await sellerPage.request.post('/api/v1/listings', {
    // The context's sign-in cookie goes too, so the request says which site it is from.
    headers: { Authorization: `Bearer ${idToken}`, ...fromBase(baseURL) },
    data: {
      channel: 'sale',
      propertyType: 'detached',
      addressLine1: '2 Glen Nevis Road',
      town: 'Fort William',
      postcode: 'PH33 7AB',
      title,
      description: 'A detached croft house with views of Ben Nevis and a large garden.',
      bedrooms: 3,
      bathrooms: 1,
      receptions: 1,
      tenure: 'freehold',
      councilTaxBand: 'D',
      epcRating: 'E',
      price: 265000,
      priceQualifier: 'offers_over',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await sellerContext.close();

  // Searched from the next sector: the home is as far as the two sectors' centres are apart.
  await page.goto('/search/for-sale/?location=PH33%206AN&radius=3');
  await settleCookieChoice(page);
  await expect(
    page.getByText(
      'We placed PH33 6AN by its postcode sector (PH33 6), so distances are approximate.',
    ),
  ).toBeVisible();
  const result = page.locator('.search-result').filter({ hasText: title });
  await expect(result.locator('.search-result__extra')).toHaveText('1.4 miles away');
  // The map marks the point the search is measured from, beside the home.
  await page.getByRole('link', { name: 'Show on a map' }).click();
  await expect(page.getByTitle('PH33 6AN: the centre of this search')).toBeAttached();
  await expect(page.getByTitle(/: Croft house below Ben Nevis/)).toBeAttached();

  // Its own postcode opens half a mile round it, where the home is.
  await page.goto('/search/for-sale/?location=ph337ab');
  await expect(page.getByLabel('Search radius')).toHaveValue('0.5');
  await expect(page.getByRole('heading', { name: 'No homes here' })).toHaveCount(0);
  await expect(
    page.locator('.search-result').filter({ hasText: title }).locator('.search-result__extra'),
  ).toHaveText('0.0 miles away');
});

test('Ilkley, Fort William, St Davids and Tresco postcodes are placed within 1 km of their sectors', async ({
  request,
}) => {
  // The sectors' centres as shipped (server/marketplace/geography/postcode-centroids/sectors.csv).
  const sectors = new Map(
    fs
      .readFileSync('server/marketplace/geography/postcode-centroids/sectors.csv', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([sector, lat, lng]) => [sector, { lat: Number(lat), lng: Number(lng) }] as const),
  );
  for (const postcode of ['LS29 8AZ', 'PH33 6AN', 'SA62 6QR', 'TR21 0JA']) {
    const answer = await request.get(
      `/api/v1/search/map?channel=sale&location=${encodeURIComponent(postcode)}`,
    );
    expect(answer.status()).toBe(200);
    const { centre } = (await answer.json()) as { centre: { lat: number; lng: number } | null };
    const sector = sectors.get(postcode.slice(0, -2))!;
    expect(centre, postcode).not.toBeNull();
    expect(kilometresBetween(centre!, sector), postcode).toBeLessThan(1);
  }
});

function kilometresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
