import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectSignedInAs, PASSWORD, uniqueEmail } from './support/accounts';
import { enterCodeWithKeyboard, signInWithKeyboard, tabTo } from './support/authenticator';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { createUserWithSdk } from './support/identity-admin';
import { outboxCount, smsCount, waitForCode, waitForMail, waitForSmsCode } from './support/outbox';

/**
 * The Authenticator's other sign-in screens against the real identity service: a temporary
 * password replaced on first sign-in, e-mail and SMS codes, choosing between two MFA methods,
 * and verifying (or skipping) an unverified e-mail address. Each screen is checked with axe and
 * completed with the keyboard.
 */

test('an account created by an operator: temporary password, then a new one', async ({ page }) => {
  const person = { email: uniqueEmail('invited'), name: 'Oliver Bennett' };
  const before = outboxCount();
  execFileSync(
    'npx',
    ['tsx', 'scripts/users.ts', 'create', '--email', person.email, '--name', person.name],
    {
      env: {
        ...process.env,
        DATA_DIR: E2E.app.dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(E2E.app.port),
      },
      stdio: 'pipe',
    },
  );
  const invitation = await waitForMail(person.email, {
    after: before,
    subject: /account is ready/,
  });
  const temporary = /choose your own:\s+(\S+)/.exec(invitation.body)?.[1];
  expect(temporary, 'the temporary password in the invitation').toBeTruthy();

  await signInWithKeyboard(page, person.email, temporary!);
  const newPassword = page.getByLabel('Password', { exact: true });
  await expect(newPassword).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, newPassword);
  await page.keyboard.type('short');
  await page.keyboard.press('Tab');
  await page.keyboard.type('short');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await newPassword.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  const confirm = page.getByLabel('Confirm password');
  await tabTo(page, confirm);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expectSignedInAs(page, person.name);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
});

test('e-mail code MFA: the code from the outbox signs the user in', async ({ page, baseURL }) => {
  const person = { email: uniqueEmail('emailmfa'), name: 'Grace Okafor' };
  await createUserWithSdk(baseURL!, { ...person, mfa: { email: true, preferred: 'EMAIL' } });
  const before = outboxCount();
  await signInWithKeyboard(page, person.email);
  await expect(page.getByRole('heading', { name: 'Enter the code we e-mailed you' })).toBeVisible();
  const code = await waitForCode(person.email, { after: before, subject: /sign-in code/ });
  await expectNoAxeViolations(page);
  await enterCodeWithKeyboard(page, code === '000000' ? '111111' : '000000');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/Invalid code/);
  await expectNoAxeViolations(page);
  // The error can be dismissed from the keyboard.
  await tabTo(page, alert.getByRole('button', { name: 'Dismiss alert' }));
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();
  await page.getByLabel(/^Code/).fill('');
  await enterCodeWithKeyboard(page, code);
  await expectSignedInAs(page, person.name);
});

test('SMS MFA: the code from the text message signs the user in', async ({ page, baseURL }) => {
  const person = { email: uniqueEmail('smsmfa'), name: 'Rhys Evans', phone: '+447700900461' };
  await createUserWithSdk(baseURL!, { ...person, mfa: { sms: true, preferred: 'SMS' } });
  const before = smsCount();
  await signInWithKeyboard(page, person.email);
  await expect(page.getByRole('heading', { name: 'Enter the code we texted you' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'We have sent you a code' })).toBeVisible();
  const code = await waitForSmsCode(person.phone, { after: before });
  await expectNoAxeViolations(page);
  await enterCodeWithKeyboard(page, code);
  await expectSignedInAs(page, person.name);
});

test('with e-mail and SMS MFA both on, the user chooses one by keyboard', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('choosemfa'), name: 'Hannah Clarke', phone: '+447700900462' };
  await createUserWithSdk(baseURL!, { ...person, mfa: { email: true, sms: true } });
  await signInWithKeyboard(page, person.email);
  const choices = page.getByRole('radiogroup');
  await expect(choices).toBeVisible();
  await expect(choices.getByRole('radio')).toHaveCount(2);
  await expectNoAxeViolations(page);
  const sms = choices.getByRole('radio', { name: /Text message/ });
  const email = choices.getByRole('radio', { name: 'E-mail', exact: true });
  await tabTo(page, choices.getByRole('radio').first());
  // Arrow keys move the choice within the group, as in any radio group.
  if (!(await sms.isChecked())) await page.keyboard.press('ArrowDown');
  await expect(sms).toBeChecked();
  await expect(email).not.toBeChecked();
  const before = smsCount();
  await tabTo(page, page.getByRole('button', { name: 'Confirm', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Enter the code we texted you' })).toBeVisible();
  const code = await waitForSmsCode(person.phone, { after: before });
  await enterCodeWithKeyboard(page, code);
  await expectSignedInAs(page, person.name);
});

test('an unverified e-mail address: skip once, verify with the code next time', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('unverified'), name: 'Tomasz Nowak' };
  await createUserWithSdk(baseURL!, { ...person, isEmailVerified: false });

  await signInWithKeyboard(page, person.email);
  const skip = page.getByRole('button', { name: 'Skip' });
  await expect(skip).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, skip);
  await page.keyboard.press('Enter');
  await expectSignedInAs(page, person.name);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await signInWithKeyboard(page, person.email);
  const choice = page.getByRole('radio', { name: /E-mail/ });
  await expect(choice).toBeVisible();
  // The choice shows the address masked: first and last character of the local part.
  const [local] = person.email.split('@');
  await expect(
    page.getByText(`${local!.at(0)}${'*'.repeat(local!.length - 2)}${local!.at(-1)}@`),
  ).toBeVisible();
  await tabTo(page, choice);
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  const before = outboxCount();
  await tabTo(page, page.getByRole('button', { name: 'Verify' }));
  await page.keyboard.press('Enter');
  const code = await waitForCode(person.email, { after: before, subject: /Confirm your e-mail/ });
  await expect(page.getByLabel(/^Code/)).toBeVisible();
  await expectNoAxeViolations(page);
  await enterCodeWithKeyboard(page, code);
  await expectSignedInAs(page, person.name);
  await expect(page.getByText(`${person.email} (verified)`)).toBeVisible();
});

test('my account offers every MFA type: e-mail and text-message codes on, one chosen for sign-in', async ({
  page,
  browser,
  baseURL,
}) => {
  const person = { email: uniqueEmail('choosemfa2'), name: 'Aled Pryce', phone: '+447700900463' };
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);
  for (const method of ['totp', 'sms', 'email']) {
    await expect(page.getByTestId(`mfa-${method}`)).toContainText(': off');
  }
  await page.getByRole('button', { name: 'Turn on e-mail codes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail codes are on.' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on text message codes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Text message codes are on.' }),
  ).toBeVisible();
  const preferred = page.getByRole('group', { name: 'Which code should sign-in ask for?' });
  // The first method turned on is the one asked for; the visitor picks text messages instead.
  await expect(preferred.getByRole('radio', { name: 'E-mail', exact: true })).toBeChecked();
  await preferred.getByRole('radio', { name: 'Text message' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'by text message first' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signing in again elsewhere asks for the text-message code.
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  const before = smsCount();
  await signInWithKeyboard(second, person.email);
  await expect(second.getByRole('heading', { name: 'Enter the code we texted you' })).toBeVisible();
  await enterCodeWithKeyboard(second, await waitForSmsCode(person.phone, { after: before }));
  await expectSignedInAs(second, person.name);
  await elsewhere.close();
});
