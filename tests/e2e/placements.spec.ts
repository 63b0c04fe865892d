import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';

const lister = { email: uniqueEmail('featured-lister'), name: 'Fay Featured' };
const title = 'Five bedroom detached house with a paid Featured placement';

function signIn(page: Page) {
  return signInAs(page, lister);
}

test('a Featured listing is pinned with its badge in a matching search only', async ({
  page,
  baseURL,
}) => {
  await createUserWithSdk(baseURL!, lister);
  await signIn(page);
  const headers = fromSite(page);
  const created = await page.request.post('/api/v1/listings', {
    headers,
    data: {
      channel: 'sale',
      town: 'Leeds',
      propertyType: 'detached',
      addressLine1: '7 Placement Grove',
      postcode: 'LS6 2AB',
      title,
      description: 'A large detached family house with a garden, near the park and the shops.',
      bedrooms: 5,
      bathrooms: 2,
      receptions: 2,
      tenure: 'freehold',
      councilTaxBand: 'F',
      epcRating: 'C',
      price: 1_950_000,
      priceQualifier: 'guide_price',
    },
  });
  expect(created.status()).toBe(201);
  const listingId = ((await created.json()) as { id: number }).id;

  // Bought with the built-in test provider: 'Pay' sends the signed webhook, which grants it.
  const checkout = await page.request.post(`/api/v1/listings/${listingId}/checkouts`, {
    headers,
    data: {
      productCode: 'featured_7',
      idempotencyKey: randomBytes(16).toString('hex'),
      startImmediately: true,
    },
  });
  expect(checkout.status()).toBe(201);
  const { paymentId } = (await checkout.json()) as { paymentId: number };
  const paid = await page.request.post(`/api/v1/me/payments/${paymentId}/test-outcome`, {
    headers,
    data: { outcome: 'pay' },
  });
  expect(paid.ok()).toBe(true);

  // Cheapest first: ordinarily this, the dearest home, would come last; Featured, it is pinned.
  const matching = '/search/for-sale/leeds?minBeds=3&sort=price-asc';
  const featured = page.locator('[data-placement="featured"]');
  await expect(async () => {
    await page.goto(matching);
    await expect(featured.filter({ hasText: title })).toHaveCount(1);
  }).toPass({ timeout: 15_000 });
  const card = featured.filter({ hasText: title });
  await expect(card.locator('.listing-card__placement')).toHaveText('Featured');
  await expect(card).toContainText(/Added \d{1,2} \w+ \d{4}/);
  // Pinned above every ordinary result, and not repeated among them.
  const cards = page.locator('.search-result');
  const pinnedCount = await featured.count();
  expect(pinnedCount).toBeLessThanOrEqual(3);
  await expect(cards.nth(pinnedCount)).not.toHaveAttribute('data-placement', 'featured');
  await expect(page.locator('.listing-card__title', { hasText: title })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // A search it does not match (under £1,000,000) neither pins nor lists it.
  await page.goto('/search/for-sale/leeds?minBeds=3&maxPrice=1000000&sort=price-asc');
  await expect(page.locator('.search-result').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // Deleted, it leaves the results at once and its placement ends: later searches (and the
  // other specs, which count cards) see no trace of it.
  expect((await page.request.delete(`/api/v1/listings/${listingId}`, { headers })).status()).toBe(
    204,
  );
  await page.goto(matching);
  await expect(page.locator('.search-result').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});
