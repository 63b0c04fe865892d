import { expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD, settleCookieChoice } from './accounts';

/** Moves focus with Tab, or Shift+Tab, as a keyboard user would, until `target` has it. */
export async function tabTo(
  page: Page,
  target: Locator,
  direction: 'forwards' | 'backwards' = 'forwards',
) {
  for (let presses = 0; presses < 15; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(direction === 'forwards' ? 'Tab' : 'Shift+Tab');
  }
  await expect(target).toBeFocused();
}

/** Signs in on /my-account using only the keyboard. */
export async function signInWithKeyboard(page: Page, email: string, password = PASSWORD) {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  const username = page.getByLabel('Email or mobile number');
  await expect(username).toBeVisible();
  await username.focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** Tabs to the code field, types the code and submits it with Enter. */
export async function enterCodeWithKeyboard(page: Page, code: string) {
  const field = page.getByLabel(/^Code/);
  await tabTo(page, field);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}
