import { expect, test } from '@playwright/test';
import { expectSignedInAs, settleCookieChoice } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { fakeGoogleIssuer } from './support/e2e-env';

/**
 * Google sign-in end to end, on the server started with GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET /
 * GOOGLE_ISSUER_URL pointing at the stand-in Google (an `oidc-provider` started by the global
 * setup): banner → hosted OAuth (HTTPS, self-signed) → Google's login → back, signed in.
 */

test('Log in with Google from the banner lands back signed in, name in the header', async ({
  page,
  baseURL,
}) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await page.reload();
  const banner = page.getByRole('complementary', { name: 'Log in with Google' });
  await expect(banner).toContainText('Use your Google account to log in or register instantly.');
  // With Google configured the Authenticator shows its social button above the form too.
  await expect(
    page
      .locator('[data-amplify-authenticator]')
      .getByRole('button', { name: 'Continue with Google' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Started from the keyboard: Enter on the banner's button.
  await banner.getByRole('button', { name: 'Continue with Google' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`^${fakeGoogleIssuer}/`));
  await page.getByPlaceholder('Enter any login').fill('eleanor.hughes@gmail.test');
  await page.getByPlaceholder('and password').fill('any password will do');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(new RegExp(`^${baseURL}/`));
  await expectSignedInAs(page, 'Eleanor Hughes');
  await expect(banner).toBeHidden();
  // The server render knows the person too (the ID token is in the cookie).
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('eleanor.hughes@gmail.test')).toBeVisible();
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Eleanor Hughes');

  // Signing out ends the hosted session too, and comes back to the home page signed out.
  await page.locator('.account-menu__button').click();
  await page.locator('.account-menu__panel').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(banner).toBeVisible();
  expect(await (await page.request.get('/')).text()).not.toContain('Eleanor Hughes');
});
