import { expect, test } from '@playwright/test';
import { settleCookieChoice } from './support/accounts';

/** Postcodes offline: placed by district or area with a note; an empty area offers wider circles. */
test('a district with no homes to rent offers 1, 3 and 5 miles with their counts', async ({
  page,
}) => {
  await page.goto('/search/for-rent/?location=m1');
  await settleCookieChoice(page);
  await expect(page.getByLabel('Town, city or postcode')).toHaveValue('M1');
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

test('a full postcode with no homes of its own is placed approximately, with a note', async ({
  page,
}) => {
  await page.goto('/search/for-sale/?location=sw1a1aa&radius=5');
  await settleCookieChoice(page);
  await expect(page.getByLabel('Town, city or postcode')).toHaveValue('SW1A 1AA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property for sale in SW1A 1AA');
  await expect(page.getByText('We placed SW1A 1AA approximately')).toBeVisible();
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
    // Placed offline, and the page says by what.
    await expect(page.locator('.notice')).toContainText(
      new RegExp(`We placed ${location} approximately \\((by|at the centre of) `),
    );
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
