import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { waitForMail } from './support/outbox';

/**
 * The 'Is it still available?' e-mail, followed signed out in the browser: its link opens a
 * page that only asks, its button puts the listing (paused for want of an answer) back on Roost,
 * and the link is refused after that. The question comes four weeks after a listing was last
 * confirmed, so the site is `support/freshness-site.ts`, started here with its own database and
 * outbox (see there).
 */
const lister = uniqueEmail('freshness-lister');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-e2e-freshness-'));
let site: ChildProcess | undefined;
let base = '';
let propertyPath = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/e2e/support/freshness-site.ts', dataDir, lister],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  const lines = createInterface({ input: site.stdout! });
  const ready = await new Promise<{ base: string; propertyPath: string }>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as typeof ready));
    site!.once('exit', (code) => reject(new Error(`The freshness site exited (${code})`)));
  });
  ({ base, propertyPath } = ready);
});

test.afterAll(() => {
  site?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the e-mail’s “Yes, keep it live” link works signed out, once', async ({ page }) => {
  const mail = await waitForMail(lister, { dataDir, subject: /still available/ });
  expect(mail.body).toContain('If we do not hear from you within 7 days we will pause it.');
  const keep = /Yes, keep it live: (\S+)/.exec(mail.body)?.[1];
  const sold = /It has sold: (\S+)/.exec(mail.body)?.[1];
  expect(keep, 'the keep link').toMatch(new RegExp(`^${base}/listings/still-available\\?token=`));
  expect(sold, 'the sold link').toMatch(new RegExp(`^${base}/listings/still-available\\?token=`));

  // Paused for want of an answer: off Roost.
  expect((await page.goto(`${base}${propertyPath}`))?.status()).toBe(404);

  // Opening the link changes nothing (mail scanners open links): its button does.
  await page.goto(keep!);
  await expect(
    page.getByText('Keep “Two bedroom cottage by the green” live on Roost?'),
  ).toBeVisible();
  expect((await page.request.get(`${base}${propertyPath}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Yes, keep it live' }).click();
  await expect(page.getByRole('status')).toContainText('Thanks — your listing stays live until');

  const property = await page.goto(`${base}${propertyPath}`);
  expect(property?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Two bedroom cottage by the green',
  );

  // Either link again: already answered, with the way to the account.
  for (const link of [keep!, sold!]) {
    await page.goto(link);
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('This link has already been used');
    await expect(refusal.getByRole('link', { name: 'your account' })).toHaveAttribute(
      'href',
      '/my-account',
    );
  }
});
