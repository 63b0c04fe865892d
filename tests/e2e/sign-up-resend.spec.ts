import { expect, test } from '@playwright/test';
import { expectSignedInAs, PASSWORD, settleCookieChoice, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { outboxCount, readOutbox, waitForCode } from './support/outbox';

/**
 * Sign-up, a second code asked for on the confirmation screen (the first one stops working), and
 * confirming with it signs the new user straight in (the Authenticator's auto sign-in).
 */
test('resend the sign-up code, confirm with the new one, and be signed in', async ({ page }) => {
  const person = { email: uniqueEmail('resend'), name: 'Ffion Hughes' };
  await page.goto('/my-account');
  await settleCookieChoice(page);
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.locator('[data-amplify-authenticator-signup]');
  await form.getByLabel('E-mail address').fill(person.email);
  await form.getByLabel('Full name').fill(person.name);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  const beforeSignUp = outboxCount();
  await form.getByRole('button', { name: 'Create account' }).click();
  const first = await waitForCode(person.email, { after: beforeSignUp });
  const codeField = page.getByLabel(/Confirmation Code/i);
  await expect(codeField).toBeVisible();

  const beforeResend = outboxCount();
  await page.getByRole('button', { name: /Resend Code/i }).click();
  const second = await waitForCode(person.email, { after: beforeResend });
  // One mail for the resend: counted for this address only, as another spec may send meanwhile.
  const resent = readOutbox()
    .slice(beforeResend)
    .filter((mail) => mail.to === person.email);
  expect(resent).toHaveLength(1);

  if (first !== second) {
    // The code sent first was replaced by the new one.
    await codeField.fill(first);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(
      page.getByText('Invalid verification code provided, please try again.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await codeField.fill(second);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectSignedInAs(page, person.name);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
});
