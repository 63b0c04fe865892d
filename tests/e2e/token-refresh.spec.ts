import { expect, test, type Page } from '@playwright/test';
import { expectSignedInAs, uniqueEmail } from './support/accounts';
import { signInWithKeyboard } from './support/authenticator';
import { createUserWithSdk } from './support/identity-admin';

/**
 * A failed token refresh (spec: tokenRefresh_failure): a network error keeps the user signed in,
 * while a refresh the pool refuses (NotAuthorizedException) signs them out to /.
 */

const isAmplifyCookie = (name: string) =>
  /^CognitoIdentityServiceProvider\./.test(decodeURIComponent(name));

/**
 * Moves the access token's expiry into the past, so the next page of the app asks for a refresh.
 * First a fresh page, signed in, so nothing still running from the sign-in rewrites the cookies.
 */
async function expireAccessToken(page: Page, name: string) {
  await page.goto('/about-us');
  await expectSignedInAs(page, name);
  // ADR 011: the access and refresh tokens live in localStorage, never in a cookie.
  expect(
    (await page.context().cookies()).filter((cookie) =>
      /\.(accessToken|refreshToken)$/.test(decodeURIComponent(cookie.name)),
    ),
  ).toEqual([]);
  const access = await page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (name) => name.startsWith('CognitoIdentityServiceProvider.') && name.endsWith('.accessToken'),
    )!;
    return { name: key, value: localStorage.getItem(key)! };
  });
  const [header, payload, signature] = access.value.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { exp: number };
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  const expired = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  // Written from a page of the site that runs no Amplify (robots.txt): a live page could notice
  // the expired token and refresh it before the test's routes are in place.
  await page.goto('/robots.txt');
  await page.evaluate(({ name, value }) => localStorage.setItem(name, value), {
    name: access.name,
    value: expired,
  });
}

const isRefresh = (target: string | undefined) =>
  /\.(GetTokensFromRefreshToken|InitiateAuth)$/.test(target ?? '');

async function amplifyCookieCount(page: Page) {
  return (await page.context().cookies()).filter((cookie) => isAmplifyCookie(cookie.name)).length;
}

test('a refresh that fails with a network error keeps the user signed in', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('offline'), name: 'Nia Roberts' };
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);
  const cookies = await amplifyCookieCount(page);

  await expireAccessToken(page, person.name);
  let attempts = 0;
  await page.route('**/idp', async (route) => {
    if (!isRefresh(route.request().headers()['x-amz-target'])) return route.fallback();
    attempts += 1;
    await route.abort('internetdisconnected');
  });
  const refreshed = page.waitForRequest((request) => isRefresh(request.headers()['x-amz-target']));
  // Amplify retries; once it gives up, the site says so on the console (auth-context.tsx) and the
  // page must still show the user, not 'Sign in'.
  const gaveUp = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('Could not reach the identity service'),
    timeout: 30_000,
  });
  await page.goto('/faq');
  await refreshed;
  await expect.poll(() => attempts).toBeGreaterThanOrEqual(1);
  await gaveUp;
  await expect(page).toHaveURL(/\/faq$/);
  await expectSignedInAs(page, person.name);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  expect(await amplifyCookieCount(page)).toBe(cookies);

  // Back online: the kept refresh token still works.
  await page.unroute('**/idp');
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expectSignedInAs(page, person.name);
});

test('a refresh refused with NotAuthorizedException signs the user out to /', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('refused'), name: 'Callum Reid' };
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);

  await expireAccessToken(page, person.name);
  await page.route('**/idp', async (route) => {
    if (!isRefresh(route.request().headers()['x-amz-target'])) return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/x-amz-json-1.1',
      headers: { 'x-amzn-errortype': 'NotAuthorizedException' },
      body: JSON.stringify({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' }),
    });
  });
  const refreshed = page.waitForRequest((request) => isRefresh(request.headers()['x-amz-target']));
  await page.goto('/faq');
  await refreshed;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(() => amplifyCookieCount(page)).toBe(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
});
