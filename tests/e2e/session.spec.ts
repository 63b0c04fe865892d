import { expect, test, type BrowserContext } from '@playwright/test';
import { expectSignedInAs, uniqueEmail } from './support/accounts';
import { signInWithKeyboard } from './support/authenticator';
import { createUserWithSdk, signOutUserEverywhere } from './support/identity-admin';

/**
 * What happens to a session when the identity service says no: sign-out still signs out when
 * revoking the refresh token fails, and a refresh token revoked elsewhere signs the browser out.
 */

const tokenCookie = (name: string) => new RegExp(`^CognitoIdentityServiceProvider\\..+\\.${name}$`);

async function tokenCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) =>
    /^CognitoIdentityServiceProvider\./.test(decodeURIComponent(cookie.name)),
  );
}

test('sign-out clears the session even when the identity service refuses to revoke', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('revoke'), name: 'Isla Fraser' };
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);

  let revocations = 0;
  await page.route('**/idp', async (route) => {
    if (!/\.RevokeToken$/.test(route.request().headers()['x-amz-target'] ?? '')) {
      return route.fallback();
    }
    revocations += 1;
    await route.fulfill({
      status: 500,
      contentType: 'application/x-amz-json-1.1',
      headers: { 'x-amzn-errortype': 'InternalErrorException' },
      body: JSON.stringify({ __type: 'InternalErrorException', message: 'Unavailable' }),
    });
  });
  await page.locator('.account-menu__button').click();
  await page.locator('.account-menu__panel').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  // Amplify retries a failed call (HTTP 500) before giving up on it.
  expect(revocations).toBeGreaterThanOrEqual(1);
  expect(await tokenCookies(page.context())).toEqual([]);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a refresh token revoked elsewhere signs the browser out at the next refresh', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('refresh'), name: 'Dafydd Price' };
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);

  // An operator signs the user out everywhere; then the browser's access token runs out (its
  // expiry is moved into the past: the client reads it without checking the signature).
  await signOutUserEverywhere(baseURL!, person.email);
  const context = page.context();
  // ADR 011: the access and refresh tokens live in localStorage, never in a cookie.
  expect(
    (await context.cookies()).filter((cookie) =>
      /\.(accessToken|refreshToken)$/.test(decodeURIComponent(cookie.name)),
    ),
  ).toEqual([]);
  const access = await page.evaluate((pattern) => {
    const key = Object.keys(localStorage).find((name) => new RegExp(pattern).test(name))!;
    return { key, value: localStorage.getItem(key)! };
  }, tokenCookie('accessToken').source);
  const [header, payload, signature] = access.value.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as {
    exp: number;
  };
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  const expired = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: access.key,
    value: expired,
  });

  const refreshed = page.waitForRequest(
    (request) =>
      request.url().endsWith('/idp') &&
      /\.(GetTokensFromRefreshToken|InitiateAuth)$/.test(request.headers()['x-amz-target'] ?? ''),
  );
  await page.goto('/faq');
  await refreshed;
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(async () => (await tokenCookies(context)).length).toBe(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a signed-out visitor’s pages load the sign-in client only to sign in, and every page after', async ({
  page,
  baseURL,
}) => {
  const clientScripts: string[] = [];
  const poolCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/assets\/amplify-client-[^/]*\.js$/.test(pathname)) clientScripts.push(pathname);
    if (pathname === '/idp') poolCalls.push(request.headers()['x-amz-target'] ?? '');
  });
  // The configuration is still read (is Google sign-in on?), so the page has decided by then.
  const configRead = page.waitForResponse('**/amplify-config.json');
  await page.goto('/search/for-sale/');
  await configRead;
  await page.locator('.listing-card__title a').first().click();
  await expect(page).toHaveURL(/\/property\/\d+/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(clientScripts).toEqual([]);
  expect(poolCalls).toEqual([]);

  // The sign-in page loads it.
  const person = { email: uniqueEmail('lazy-client'), name: 'Morag Baird' };
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);
  expect(clientScripts.length).toBeGreaterThan(0);

  // Signed in, a fresh load of a public page loads it at once (token refresh, sign-out).
  clientScripts.length = 0;
  const loaded = page.waitForRequest(/\/assets\/amplify-client-[^/]*\.js$/);
  await page.goto('/search/for-sale/');
  await loaded;
  await expectSignedInAs(page, person.name);
});
