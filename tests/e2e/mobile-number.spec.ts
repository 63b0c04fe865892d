import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectSignedInAs, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { signInWithKeyboard } from './support/authenticator';
import { createUserWithSdk } from './support/identity-admin';
import { smsCount, waitForSmsCode } from './support/outbox';

/**
 * A mobile number added and verified on the account page (the code read from the outbox's text
 * messages) signs in like the e-mail address, typed the way people write UK numbers.
 */

test('add and verify a mobile number, then sign in with it as 07…', async ({ page, baseURL }) => {
  const person = { email: uniqueEmail('mobile'), name: 'Megan Lloyd' };
  // 07700 900000–900999 are Ofcom's drama numbers; the last three digits keep runs apart.
  const national = `07700 900${String(randomInt(500, 1000))}`;
  const e164 = `+44${national.replace(/\s/g, '').slice(1)}`;
  await createUserWithSdk(baseURL!, person);
  await signInWithKeyboard(page, person.email);
  await expectSignedInAs(page, person.name);

  const section = page.getByRole('region', { name: 'Mobile number' });
  await expect(section).toContainText('Add your mobile number to sign in with it');
  await section.getByRole('button', { name: 'Add a mobile number' }).click();
  const number = section.getByLabel('Mobile number');
  await expect(number).toBeFocused();

  // A number that cannot be a UK mobile: the error is announced with the field and focus stays.
  await number.fill('07700 9001');
  await section.getByRole('button', { name: 'Save and send code' }).click();
  const numberError = section.getByText('Enter a UK mobile number: 11 digits starting 07');
  await expect(numberError).toBeVisible();
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/11 digits starting 07/);
  await expectNoAxeViolations(page);

  const before = smsCount();
  await number.fill(national);
  await section.getByRole('button', { name: 'Save and send code' }).click();
  const code = section.getByLabel('Code from the text message');
  await expect(code).toBeFocused();
  await expect(section.getByRole('status')).toHaveText(
    `We have texted a six-digit code to ${national}.`,
  );
  const first = await waitForSmsCode(e164, { after: before });

  // A wrong code, then a new code sent: the first one no longer works.
  const wrong = first === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await code.press('Enter');
  await expect(section.getByText('That code is not right.')).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription(/That code is not right/);
  await expectNoAxeViolations(page);
  await section.screenshot({ path: 'test-results/screenshots/my-account-mobile-wrong-code.png' });
  const beforeResend = smsCount();
  await section.getByRole('button', { name: 'Send a new code' }).click();
  await expect(section.getByRole('status')).toHaveText(`We have texted a new code to ${national}.`);
  await waitForSmsCode(e164, { after: beforeResend });

  // Leaving and coming back: the number is stored but not verified; saving it again sends a code.
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section).toContainText(`${national} (not verified yet)`);
  const change = section.getByRole('button', { name: 'Change mobile number' });
  await expect(change).toBeFocused();
  await change.click();
  await expect(number).toHaveValue(national);
  const beforeAgain = smsCount();
  await section.getByRole('button', { name: 'Save and send code' }).click();
  await expect(code).toBeFocused();
  const second = await waitForSmsCode(e164, { after: beforeAgain });
  await code.fill(second);
  await section.getByRole('button', { name: 'Verify mobile number' }).click();
  const done = section.getByRole('status');
  await expect(done).toHaveText('Your mobile number is verified. You can now sign in with it.');
  await expect(done).toBeFocused();
  await expect(section).toContainText(`${national} (verified)`);
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(
    `${national} (verified)`,
  );
  await expectNoAxeViolations(page);

  await page
    .getByRole('region', { name: 'Sign out' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

  // Sign in with the number as written nationally: the form sends it as +44….
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (/\.InitiateAuth$/.test(request.headers()['x-amz-target'] ?? '')) {
      const body = JSON.parse(request.postData() ?? '{}') as {
        AuthParameters?: { USERNAME?: string };
      };
      signIns.push(body.AuthParameters?.USERNAME ?? '');
    }
  });
  await signInWithKeyboard(page, national);
  await expectSignedInAs(page, person.name);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  expect(signIns).toEqual([e164]);
});
