import { expect, test } from '@playwright/test';

/**
 * The header's '+ Add list' shows only while the header-button flag of the listing-draft slice
 * is on: the wizard turns it off while a listing is being added, and leaving turns it back on.
 */
test('+ Add list is hidden while adding a listing and back once the wizard is left', async ({
  page,
}) => {
  const addList = page.getByRole('link', { name: '+ Add list' });
  await page.goto('/faq');
  await addList.click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 7: Type and channel' })).toBeVisible();
  await expect(addList).toHaveCount(0);

  await page.getByRole('link', { name: 'Roost home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(addList).toBeVisible();
});
