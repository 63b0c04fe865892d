import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { PASSWORD, expectSignedInAs, settleCookieChoice, uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';
import { outboxCount, readOutbox, waitForCode, waitForMail } from './support/outbox';

/**
 * Campaigns end to end: a member gets 403; a member opts in to marketing e-mails (the
 * administrator does not); an administrator creates a promo code and writes and sends a campaign that reaches only
 * the consenting member (not the administrator, who never opted in), whose one-click unsubscribe link works and is counted.
 */
test.describe.configure({ mode: 'serial' });

const carol = { email: uniqueEmail('camp-carol'), name: 'Carol Consenting' };
const admin = { email: uniqueEmail('camp-admin'), name: 'Ada Admin' };
const subject = `Spring news ${Date.now()}`;

test('a member opts in at sign-up (unticked by default), can change it from their account, and gets 403 from the admin page', async ({
  page,
  baseURL,
}) => {
  await createUserWithSdk(baseURL!, { ...admin, groups: ['admins'] });
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.locator('[data-amplify-authenticator-signup]');
  const optIn = form.getByRole('checkbox', { name: /news and offers/ });
  await expect(optIn).not.toBeChecked();
  await form.getByLabel('E-mail address').fill(carol.email);
  await form.getByLabel('Full name').fill(carol.name);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  // Amplify's checkbox hides the input behind its label: tick it from the keyboard.
  await optIn.focus();
  await page.keyboard.press('Space');
  await expect(optIn).toBeChecked();
  const before = outboxCount();
  await form.getByRole('button', { name: 'Create account' }).click();
  const code = await waitForCode(carol.email, { after: before });
  await page.getByLabel(/Confirmation Code/i).fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectSignedInAs(page, carol.name);
  // The choice made at sign-up is recorded once she is signed in.
  await expect(
    page.getByRole('status').filter({ hasText: 'You’ll get our news and offers' }),
  ).toBeVisible();

  expect((await page.goto('/admin-portal/campaigns/'))?.status()).toBe(403);
  // The page's action refuses her too (a form post from the site itself).
  const refused = await page.request.post('/admin-portal/campaigns/', {
    headers: fromSite(page),
    form: { intent: 'create-promo', code: 'MEMBERCODE', kind: 'percent', percentOff: '100' },
  });
  expect(refused.status()).toBe(403);
  await page.goto('/my-account/marketing');
  await expect(page.getByText(/You opted in on/)).toBeVisible();
  await expectNoAxeViolations(page);
  // Keyboard only: withdraw (Space on the box, Enter on the button), then opt in again.
  const box = page.getByRole('checkbox', { name: /news and offers/ });
  await expect(box).toBeChecked();
  for (const [expected, isChecked] of [
    ['You won’t get our news and offers', false],
    ['You’ll get our news and offers', true],
  ] as const) {
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: isChecked });
    await page.getByRole('button', { name: 'Save my choice' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText(expected);
    await expect(
      page.getByText(isChecked ? /You opted in on/ : 'You have not opted in.'),
    ).toBeVisible();
  }
});

test('an administrator creates a promo code and sends a campaign to consenting members only; the unsubscribe link works', async ({
  page,
  browser,
}) => {
  await signInAs(page, admin);
  expect((await page.goto('/admin-portal/campaigns/'))?.status()).toBe(200);
  await expectNoAxeViolations(page);

  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Percentage off (for a percentage code)').fill('20');
  await page.getByLabel('Most uses in all (optional)').fill('50');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByRole('status')).toContainText(`Promo code ${code} created.`);
  await expect(page.getByTestId('promo-code').filter({ hasText: code })).toContainText('20 %');

  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Body (Markdown)')
    .fill('Hello from **Roost**. Read [our guide](https://example.com/guide).');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText('saved as a draft');
  const row = page.getByTestId('email-campaign').filter({ hasText: subject });
  await row.getByRole('link', { name: /Preview/ }).click();
  await expect(page.locator('#preview strong')).toHaveText('Roost');

  const before = outboxCount();
  await row.getByRole('button', { name: 'Send me a test' }).click();
  await waitForMail(admin.email, { after: before, subject: /^\[Test\]/ });
  await row.getByRole('button', { name: 'Schedule' }).click();
  const mail = await waitForMail(carol.email, { after: before, subject: new RegExp(subject) });
  expect(mail.body).toContain('Hello from **Roost**');
  const unsubscribeUrl = /Unsubscribe: (\S+)/.exec(mail.body)?.[1] ?? '';
  expect(unsubscribeUrl).toContain('/marketing/unsubscribe?token=');
  await page.reload();
  await expect(row.getByTestId('campaign-sent')).toHaveText('1');
  expect(
    readOutbox()
      .slice(before)
      .filter((entry) => entry.subject === subject)
      .map((entry) => entry.to),
  ).toEqual([expect.stringContaining(carol.email)]);

  // Carol's unsubscribe link works without signing in (a GET only shows the button).
  const context = await browser.newContext();
  const anonymous = await context.newPage();
  await anonymous.goto(unsubscribeUrl);
  await expectNoAxeViolations(anonymous);
  await anonymous.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(anonymous.getByRole('status')).toContainText('we won’t send you news or offers');
  await context.close();
  await page.reload();
  await expect(row.locator('td').nth(5)).toHaveText('1');
});
