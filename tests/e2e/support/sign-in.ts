import type { Page } from '@playwright/test';
import { expectSignedInAs, settleCookieChoice } from './accounts';
import { E2E } from './e2e-env';
import { signInWithTokens } from './identity-admin';

/**
 * Opens `path` (the account page unless given) signed in as `user`, for a test about something
 * else: the tokens are stored as Amplify stores them, so the sign-in screen is not gone through
 * again (on two cores it cost a few seconds a test). The cookie banner is settled, and the header
 * shown signed in.
 */
export async function signInAs(
  page: Page,
  user: { email: string; name: string; password?: string },
  path = '/my-account',
): Promise<void> {
  await signInWithTokens(page, user, `http://localhost:${E2E.app.port}`);
  await page.goto(path);
  await settleCookieChoice(page);
  await expectSignedInAs(page, user.name);
}
