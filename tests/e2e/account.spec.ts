import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  createUserWithCli,
  expectSignedInAs,
  PASSWORD,
  settleCookieChoice,
  signInThroughAuthenticator,
  uniqueEmail,
} from './support/accounts';
import { outboxCount, waitForCode } from './support/outbox';
import { freshTotpCode } from './support/totp';
import { screenshotAtWidths } from './support/screenshots';

async function openAccountMenu(page: Page) {
  const button = page.locator('.account-menu__button');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.locator('.account-menu__panel');
}

async function signOutFromHeader(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

const member = { email: uniqueEmail('member'), name: 'Priya Shah', password: PASSWORD };
const newPassword = 'Roost-Changed-2025!';

test('sign up with the code from the outbox, then the header shows the name', async ({ page }) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.locator('[data-amplify-authenticator-signup]');
  // An empty e-mail address is reported under its field, not only in a browser bubble.
  await form.getByLabel('Full name').fill(member.name);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByLabel('E-mail address')).toHaveAttribute('aria-describedby', /.+/);
  await form.getByLabel('E-mail address').fill(member.email);
  await expect(form.getByText('Please enter a valid email')).toHaveCount(0);
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm password').fill('shorter');
  await form.getByLabel('Confirm password').blur();
  await expect(form.getByText('Your passwords must match')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Create account' })).toBeDisabled();
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByLabel('Confirm password').fill(member.password);
  await expect(form.getByRole('combobox', { name: /Country code/i })).toHaveValue('+44');
  const before = outboxCount();
  await form.getByRole('button', { name: 'Create account' }).click();
  const code = await waitForCode(member.email, { after: before });
  await expect(page.getByLabel(/Confirmation Code/i)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/Confirmation Code/i).fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectSignedInAs(page, member.name);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  // A new account is welcomed, not welcomed back; a return visit is.
  await expect(page.getByText(`Welcome to Roost, ${member.name}.`)).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  // The server render knows the user too: the ID token travels in the Amplify cookie.
  const cookies = await page.context().cookies();
  expect(
    cookies.some((cookie) =>
      /^CognitoIdentityServiceProvider\..+\.idToken$/.test(decodeURIComponent(cookie.name)),
    ),
  ).toBe(true);
  await page.reload();
  await expectSignedInAs(page, member.name);
  await expect(page.getByText(`Welcome back, ${member.name}.`)).toBeVisible();
  // Saved searches are reachable from the account page.
  await page.getByRole('link', { name: 'Saved searches and alerts' }).click();
  await expect(page).toHaveURL(/\/saved-searches$/);
});

test('the dropdown shows the name, Manage listings and Sign out, but no admin links', async ({
  page,
}) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await signInThroughAuthenticator(page, member.email);
  await expectSignedInAs(page, member.name);
  // No favourites yet: the heart shows no badge rather than a '0'.
  await expect(page.getByRole('link', { name: 'Favourites, 0 saved homes' })).toBeVisible();
  await expect(page.getByTestId('favourites-count')).toHaveCount(0);
  const menu = await openAccountMenu(page);
  await expect(menu).toContainText(`Signed in as ${member.name}`);
  await expect(menu.getByRole('link', { name: 'Manage listings' })).toHaveAttribute(
    'href',
    '/my-account',
  );
  await expect(menu.getByRole('link', { name: 'Saved searches' })).toHaveAttribute(
    'href',
    '/saved-searches',
  );
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Reported ads' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Admin user' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.locator('.account-menu__button')).toBeFocused();

  const response = await page.goto('/admin-portal');
  expect(response?.status()).toBe(403);
  await expect(
    page.getByRole('heading', { name: 'You do not have permission to view this page' }),
  ).toBeVisible();
  expect((await page.goto('/admin-portal/reported-ads/'))?.status()).toBe(403);
  expect((await page.request.get('/admin-portal/campaigns/')).status()).toBe(403);
});

test('favourites: the badge counts saved homes and the legacy list moves to the user key', async ({
  page,
}) => {
  await page.goto('/');
  await settleCookieChoice(page);
  await page.evaluate(() => localStorage.setItem('na:favs', JSON.stringify(['101', '102'])));
  await page.goto('/my-account');
  await signInThroughAuthenticator(page, member.email);
  await expectSignedInAs(page, member.name);
  await expect(page.getByTestId('favourites-count')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'Favourites, 2 saved homes' })).toHaveAttribute(
    'href',
    '/favourites',
  );
  const storage = await page.evaluate(() =>
    Object.fromEntries(Object.entries(localStorage).filter(([key]) => key.startsWith('na:favs'))),
  );
  expect(Object.keys(storage)).toHaveLength(1);
  const [key, value] = Object.entries(storage)[0] ?? [];
  expect(key).toMatch(/^na:favs:[0-9a-f-]{36}$/);
  expect(JSON.parse(String(value))).toEqual(['101', '102']);
});

test('signed-out favourites click leads to sign in and back to where the visitor was', async ({
  page,
}) => {
  await page.goto('/faq');
  await settleCookieChoice(page);
  await page.getByRole('link', { name: /^Favourites/ }).click();
  await expect(page).toHaveURL(/\/my-account\?redirectTo=%2Ffaq$/);
  await signInThroughAuthenticator(page, member.email);
  await expect(page).toHaveURL(/\/faq$/);
  await expectSignedInAs(page, member.name);
});

test('signed-in pages have no accessibility violations, and the signed-in header looks right', async ({
  page,
}) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await signInThroughAuthenticator(page, member.email);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const path of [
    '/',
    '/pricing/',
    '/contact-us',
    '/about-us',
    '/faq',
    '/terms-of-use',
    '/privacy-policy',
    '/payment-refund-policy',
  ]) {
    await page.goto(path);
    await expectSignedInAs(page, member.name);
    await expectNoAxeViolations(page);
  }
  await openAccountMenu(page);
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    await expectSignedInAs(page, width === 390 ? '' : member.name);
    await openAccountMenu(page);
    await page.screenshot({ path: `test-results/screenshots/signed-in-header-${width}.png` });
  }
});

test('sign out goes to / and the server forgets the user', async ({ page }) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await page.evaluate(() => localStorage.setItem('banner-dismissed', 'true'));
  await signInThroughAuthenticator(page, member.email);
  await expectSignedInAs(page, member.name);
  expect(await page.evaluate(() => localStorage.getItem('banner-dismissed'))).toBeNull();
  await page.goto('/pricing/');
  await signOutFromHeader(page);
  await page.goto('/my-account');
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain(member.name);
});

test('forgot password: code from the outbox, new password, sign in with it', async ({ page }) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await page.getByRole('button', { name: 'Forgotten your password?' }).click();
  await page.getByLabel('Email or mobile number').fill(member.email);
  await expectNoAxeViolations(page);
  const before = outboxCount();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(member.email, { after: before });
  await expect(page.getByLabel('Code *')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Code/).fill(code);
  await page.getByLabel(/^New password$/i).fill(newPassword);
  await page.getByLabel(/^Confirm password$/i).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been reset' }),
  ).toHaveText('Your password has been reset. Sign in with your new password.');
  await signInThroughAuthenticator(page, member.email, newPassword);
  await expectSignedInAs(page, member.name);
  member.password = newPassword;
});

test('TOTP: set up an authenticator app, then sign in with a code', async ({ page }) => {
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await signInThroughAuthenticator(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toHaveAttribute('width', '228');
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const setup = await freshTotpCode(secret);
  await page.getByLabel('Code from the app').fill(setup.code);
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByText('Two-step verification is on.')).toBeVisible();
  await signOutFromHeader(page);

  await page.goto('/my-account');
  await signInThroughAuthenticator(page, member.email, member.password);
  const codeField = page.getByLabel(/^Code/);
  await expect(codeField).toBeVisible();
  await expectNoAxeViolations(page);
  // A code from a later step than the set-up's: a step already used is refused.
  const signIn = await freshTotpCode(secret, { afterStep: setup.step });
  await codeField.fill(signIn.code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectSignedInAs(page, member.name);
});

test('an administrator sees the admin icon and links, and the admin portal', async ({
  page,
  baseURL,
}) => {
  const admin = { email: uniqueEmail('admin'), name: 'Alex Admin' };
  createUserWithCli({ ...admin, groups: ['admins'], baseURL: baseURL! });
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await signInThroughAuthenticator(page, admin.email);
  await expectSignedInAs(page, admin.name);
  await expect(page.getByRole('img', { name: 'Admin user' })).toBeVisible();
  await expect(page.locator('.account-menu__button')).toHaveAttribute('title', 'Admin user');
  const menu = await openAccountMenu(page);
  for (const [name, href] of [
    ['Admin portal', '/admin-portal'],
    ['Reported ads', '/admin-portal/reported-ads/'],
    ['User payments', '/admin-portal/user-payments/'],
    ['User information', '/admin-portal/user-information/'],
    ['Campaigns', '/admin-portal/campaigns/'],
    ['Audit log', '/admin-portal/audit-log/'],
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
  const response = await page.goto('/admin-portal/reported-ads/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Reported ads' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A section that does not exist is the site's 404, not an empty admin page.
  const unknown = await page.goto('/admin-portal/anything-else/');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test.describe('sign-in screens in the visitor’s language', () => {
  test.use({ locale: 'fr-FR' });

  test('follow the browser’s language, and Welsh is chosen with the switch and remembered', async ({
    page,
  }) => {
    await page.goto('/my-account');
    await settleCookieChoice(page);
    await expect(page.getByRole('tab', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Créer un compte' })).toBeVisible();
    await expect(page.locator('.auth-languages')).toHaveAttribute('lang', 'fr');

    await page.getByLabel(/^Language/).selectOption('cy');
    await expect(page.getByRole('tab', { name: 'Mewngofnodi' })).toBeVisible();
    await expect(page.getByLabel('E-bost neu rif ffôn symudol')).toBeVisible();
    await expect(page.getByLabel('Cyfrinair', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Mewngofnodi' })).toBeVisible();
    await expect(page.locator('.auth-languages')).toHaveAttribute('lang', 'cy');
    await screenshotAtWidths(page, 'sign-in-welsh');

    // Back to English: Roost's British wording, as before.
    await page.getByLabel(/^Language/).selectOption('en');
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email or mobile number')).toBeVisible();
  });
});
