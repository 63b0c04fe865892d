import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './outbox';

export const PASSWORD = 'Roost-Test-2025!';

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.co.uk`;
}

/** Creates a confirmed account with the operator CLI (through the running server's /idp). */
export function createUserWithCli(options: {
  email: string;
  name: string;
  groups?: string[];
  baseURL: string;
}) {
  const args = [
    'tsx',
    'scripts/users.ts',
    'create',
    '--email',
    options.email,
    '--name',
    options.name,
    '--password',
    PASSWORD,
  ];
  for (const group of options.groups ?? []) args.push('--group', group);
  args.push('--endpoint', `${options.baseURL}/idp`);
  execFileSync('npx', args, {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

/** Chooses 'reject optional cookies' so the banner never covers what a test clicks. */
export async function settleCookieChoice(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('cookie-accepted', 'false'));
}

/** Signs in through the Amplify UI Authenticator on /my-account. */
export async function signInThroughAuthenticator(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectSignedInAs(page: Page, name: string) {
  await expect(page.locator('.account-menu__button')).toContainText(name);
}
