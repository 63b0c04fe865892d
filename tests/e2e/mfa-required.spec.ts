import { expect, test } from '@playwright/test';
import { expectSignedInAs, uniqueEmail } from './support/accounts';
import { enterCodeWithKeyboard, signInWithKeyboard, tabTo } from './support/authenticator';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { createUserWithSdk } from './support/identity-admin';
import { outboxCount, waitForCode } from './support/outbox';
import { freshTotpCode } from './support/totp';

/**
 * On the second server MFA is required (IDENTITY_MFA=on): a user without it chooses a method at
 * sign-in and sets it up there, in the Authenticator, by keyboard.
 */

const second = { dataDir: E2E.second.dataDir };

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('set up an authenticator app while signing in: QR code, copyable key, code', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('totpsetup'), name: 'Amara Osei' };
  await createUserWithSdk(baseURL!, person, second.dataDir);
  await signInWithKeyboard(page, person.email);

  const choices = page.getByRole('radiogroup');
  await expect(
    page.getByRole('heading', { name: 'Choose how to get sign-in codes' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const app = choices.getByRole('radio', { name: 'Authenticator app' });
  await tabTo(page, choices.getByRole('radio').first());
  if (!(await app.isChecked())) await page.keyboard.press('ArrowUp');
  await expect(app).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Confirm', exact: true }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'qr code' });
  await expect(qr).toHaveAttribute('width', '228');
  await expect(qr).toHaveAttribute('height', '228');
  const secret = (await page.locator('[data-amplify-copy] > div').first().textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Copy the key' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Key copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.screenshot({
    path: 'test-results/screenshots/my-account-setup-totp.png',
    fullPage: true,
  });

  // Back to the code field (it comes before the copy button), then the current step's code.
  await tabTo(page, page.getByLabel(/^Code/), 'backwards');
  const { code } = await freshTotpCode(secret);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expectSignedInAs(page, person.name);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
});

test('choose e-mail codes while signing in, then confirm with the e-mailed code', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('emailsetup'), name: 'Callum Reid' };
  await createUserWithSdk(baseURL!, person, second.dataDir);
  await signInWithKeyboard(page, person.email);

  const email = page.getByRole('radiogroup').getByRole('radio', { name: 'E-mail', exact: true });
  await expect(email).toBeVisible();
  await tabTo(page, page.getByRole('radiogroup').getByRole('radio').first());
  if (!(await email.isChecked())) await page.keyboard.press('ArrowDown');
  await expect(email).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Confirm', exact: true }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Set up e-mail codes' })).toBeVisible();
  const address = page.getByLabel('E-mail address');
  await expectNoAxeViolations(page);
  await tabTo(page, address);
  await page.keyboard.type(person.email);
  const before = outboxCount(second);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Enter the code we e-mailed you' })).toBeVisible();
  const code = await waitForCode(person.email, {
    ...second,
    after: before,
    subject: /sign-in code/,
  });
  await enterCodeWithKeyboard(page, code);
  await expectSignedInAs(page, person.name);
});
