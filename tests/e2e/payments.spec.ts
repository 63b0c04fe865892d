import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';
import { ownContextPages } from './support/own-context';
import { screenshotAtWidths } from './support/screenshots';

/**
 * Paid upgrades end to end with the built-in test provider (no Stripe, no network): a lister
 * buys 'Featured, 7 days' from their listing's page, the signed webhook confirms it, the receipt
 * shows the VAT invoice; they cancel within 14 days and get the pro-rata refund; an administrator
 * refunds part of a second payment and the lister's receipt shows it. Every new page is axe clean.
 */
test.describe.configure({ mode: 'serial' });

const lister = { email: uniqueEmail('pay-lister'), name: 'Penny Payer' };
const admin = { email: uniqueEmail('pay-admin'), name: 'Alan Accounts' };
const title = 'Bright two bedroom terraced house by the canal';
let listingId = 0;
let firstPaymentId = 0;
let secondPaymentId = 0;

const newPage = ownContextPages();

async function signedInPage(browser: Browser, user: { email: string; name: string }) {
  const page = await newPage(browser);
  await signInAs(page, user);
  return page;
}

let listerPage: Page;

test('a lister buys Featured for 7 days with the test checkout and sees the receipt', async ({
  browser,
  baseURL,
}) => {
  await createUserWithSdk(baseURL!, lister);
  const page = (listerPage = await signedInPage(browser, lister));
  const created = await page.request.post('/api/v1/listings', {
    headers: fromSite(page),
    data: {
      channel: 'sale',
      town: 'Leeds',
      propertyType: 'terraced',
      addressLine1: '4 Wharf Street',
      postcode: 'LS2 7EE',
      title,
      description: 'A bright terraced house with a small garden and views over the canal basin.',
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
      tenure: 'freehold',
      councilTaxBand: 'B',
      epcRating: 'C',
      price: 185000,
      priceQualifier: 'offers_over',
    },
  });
  expect(created.status()).toBe(201);
  listingId = ((await created.json()) as { id: number }).id;

  await page.goto(`/my-account/listings/${listingId}`);
  const upgrades = page.getByRole('region', { name: 'Upgrades' });
  await upgrades.getByRole('link', { name: 'Buy Featured, 7 days for £9.99' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy Featured, 7 days');
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('£9.99');
  await expect(summary).toContainText('£1.67');
  await expect(summary).toContainText(title);
  const consent = page.getByRole('checkbox', { name: /Start my upgrade straight away/ });
  await expect(consent).not.toBeChecked();
  await expect(page.getByText(/right to cancel within 14 days/)).toBeVisible();
  await expectNoAxeViolations(page);
  await consent.check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/my-account\/payments\/\d+\/checkout$/);
  firstPaymentId = Number(/payments\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText(/This is a test payment: no money moves/)).toBeVisible();
  await expect(page.getByTestId('order-summary')).toContainText('£9.99');
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, 'checkout-test');

  // A declined card leaves the checkout open, with the decline shown; so does a declined wallet.
  const payWith = page.getByRole('group', { name: 'Pay with (test)' });
  await expect(payWith.getByRole('radio', { name: 'Test card' })).toBeChecked();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await payWith.getByRole('radio', { name: 'Apple Pay (test)' }).check();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Apple Pay could not pay: the card in the wallet was declined.',
  );
  // Paid with the test Google Pay.
  await payWith.getByRole('radio', { name: 'Google Pay (test)' }).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/my-account/payments/${firstPaymentId}/status$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment confirmed');
  await expect(page.getByRole('status')).toContainText('Featured for 7 days');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Receipt ROO-\d{6}$/);
  const receipt = page.getByTestId('receipt');
  await expect(page.getByTestId('receipt-status')).toHaveText('Paid');
  await expect(page.getByTestId('receipt-gross')).toHaveText('£9.99');
  await expect(receipt).toContainText('£8.32');
  await expect(receipt).toContainText('VAT at 20 %');
  await expect(receipt).toContainText('VAT number');
  // No SUPPLIER_* configured on the test server: the receipt says its supplier is an example.
  await expect(page.getByTestId('receipt-example-supplier')).toContainText(
    'the address and VAT number above are examples',
  );
  await expect(receipt).toContainText('Start my upgrade straight away');
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, 'receipt');

  // The Payments list in My account links to it.
  await page.goto('/my-account');
  await expect(page.getByTestId('my-payment').filter({ hasText: 'Featured, 7 days' })).toHaveCount(
    1,
  );
});

test('cancelling within 14 days shows the pro-rata refund, then refunds it', async () => {
  const page = listerPage;
  await page.goto(`/my-account/payments/${firstPaymentId}`);
  await page.getByRole('link', { name: 'Cancel and get a refund' }).click();
  const quote = page.getByTestId('cancellation-quote');
  // Minutes of a 7-day placement used, not a whole hour: all of £9.99 comes back.
  await expect(quote).toHaveText(/Refund if you cancel now: £9\.99$/);
  const amount = /£\d+\.\d\d/.exec((await quote.textContent())!)![0];
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Cancel and refund ${amount}` }).click();

  await expect(page).toHaveURL(new RegExp(`/my-account/payments/${firstPaymentId}\\?`));
  await expect(page.getByRole('status')).toContainText(`refunding ${amount}`);
  await expect(page.getByTestId('receipt-refund')).toContainText(amount);
  await expect(page.getByTestId('receipt-refund')).toContainText('Cancelled within 14 days');
  await expect(page.getByTestId('receipt-upgrade')).toContainText('ended: cancelled');
  await expect(page.getByRole('link', { name: 'Cancel and get a refund' })).toHaveCount(0);
  await expect(page.getByTestId('receipt-cancellation')).toHaveText(
    /^You cancelled this upgrade on /,
  );

  // The admin pages are for administrators only, whatever the browser does.
  expect((await page.goto('/admin-portal/user-payments/'))?.status()).toBe(403);
  const refund = await page.request.post(`/admin-portal/user-payments/${firstPaymentId}`, {
    headers: fromSite(page),
    form: { amount: '1.00', reason: 'goodwill', note: '' },
  });
  expect(refund.status()).toBe(403);
});

test('an administrator refunds part of a payment and the buyer’s receipt shows it', async ({
  browser,
  baseURL,
}) => {
  // A second purchase, through the API the pages use.
  const buyer = listerPage;
  const checkout = await buyer.request.post(`/api/v1/listings/${listingId}/checkouts`, {
    headers: fromSite(buyer),
    data: {
      productCode: 'featured_7',
      idempotencyKey: `e2e-${Date.now()}-second-order`,
      startImmediately: true,
    },
  });
  expect(checkout.status()).toBe(201);
  secondPaymentId = ((await checkout.json()) as { paymentId: number }).paymentId;
  const paid = await buyer.request.post(`/api/v1/me/payments/${secondPaymentId}/test-outcome`, {
    headers: fromSite(buyer),
    data: { outcome: 'pay' },
  });
  expect(paid.ok()).toBe(true);

  await createUserWithSdk(baseURL!, { ...admin, groups: ['admins'] });
  const page = await signedInPage(browser, admin);
  await page.goto(`/admin-portal/user-payments/?email=${encodeURIComponent(lister.email)}`);
  const rows = page.getByTestId('admin-payment');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('payment-totals')).toContainText('£19.98');
  await expect(page.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute(
    'href',
    `/api/v1/admin/payments.csv?email=${encodeURIComponent(lister.email)}`,
  );
  await expectNoAxeViolations(page);

  await page.goto(`/admin-portal/user-payments/${secondPaymentId}`);
  await expect(page.getByTestId('timeline-entry').first()).toBeVisible();
  await expect(page.getByTestId('refundable')).toHaveText('£9.99');
  await expectNoAxeViolations(page);
  // More than remains is refused.
  await page.getByLabel('Amount (£)').fill('10.00');
  await page.getByLabel('Reason').selectOption('goodwill');
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('refundable')).toHaveText('£9.99');

  await page.getByLabel('Amount (£)').fill('4.00');
  await page.getByLabel('Reason').selectOption('goodwill');
  await page.getByLabel('Note').fill('Sorry for the slow photos upload.');
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toContainText('Refunded £4.00.');
  await expect(page.getByTestId('refundable')).toHaveText('£5.99');
  await expect(page.getByTestId('admin-refund')).toContainText(admin.email);

  await buyer.goto(`/my-account/payments/${secondPaymentId}`);
  await expect(buyer.getByTestId('receipt-status')).toHaveText('Partly refunded');
  await expect(buyer.getByTestId('receipt-refunded')).toHaveText('−£4.00');
  await expect(buyer.getByTestId('receipt-refund')).toContainText('Goodwill gesture');

  // The administrator creates a promo code; the buyer uses it at checkout. A code that takes
  // the whole price completes the order without a card, and the receipt shows the discount.
  const code = `FREEBUMP${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin-portal/campaigns/');
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Percentage off (for a percentage code)').fill('100');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByRole('status')).toContainText(`Promo code ${code} created.`);

  await buyer.goto(`/my-account/listings/${listingId}/upgrade/bump`);
  await buyer.getByLabel('Promo code (optional)').fill('NOSUCHCODE');
  await buyer.getByRole('checkbox', { name: /Start my upgrade straight away/ }).check();
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer.locator('.field-error')).toHaveText('We don’t recognise this code');
  await buyer.getByLabel('Promo code (optional)').fill(code.toLowerCase());
  await buyer.getByRole('checkbox', { name: /Start my upgrade straight away/ }).check();
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(/^Receipt ROO-\d{6}$/);
  await expect(buyer.getByTestId('receipt-status')).toHaveText('Paid');
  await expect(buyer.getByTestId('receipt-gross')).toHaveText('£0.00');
  await expect(buyer.getByTestId('receipt')).toContainText('−£4.99');
  await expectNoAxeViolations(buyer);

  // Every admin action of this test is in the audit log.
  await page.goto('/admin-portal/audit-log/');
  const entries = page.getByTestId('audit-entry');
  await expect(entries.filter({ hasText: 'Refunded a payment' }).first()).toBeVisible();
  await expect(entries.filter({ hasText: 'Created a promo code' }).first()).toBeVisible();
});
