import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import {
  checkoutKey,
  person,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import { WEBHOOK_PATH } from './payments-router.ts';
import { createReceiptEmailJob, type PaymentEmail } from './receipt-email.ts';
import { payments } from './schema.ts';
import { createHttpWebhookDelivery, createTestProvider } from './stand-in-provider.ts';

/**
 * The administrators' view: the payments list with its filters and totals, the CSV export, a
 * payment's timeline; and the buyer's own list and receipt e-mail. Paid through the test provider.
 */
let harness: PaymentsHarness;
const admin = person('ada-admin', true);
const olive = person('olive-owner');
const ben = person('ben-buyer');
let paid: number; // Olive, featured_7, partly refunded
let failed: number; // Olive, bump, declined
let bensBundle: number; // Ben, bundle, paid
let pending: number; // Ben, showcase, not paid
let oliveListing: number;

beforeAll(async () => {
  harness = await startPaymentsHarness((database, { base }) =>
    createTestProvider({
      db: database.db,
      deliver: createHttpWebhookDelivery(() => `${base()}${WEBHOOK_PATH}`),
      logger: pino({ level: 'silent' }),
      isProduction: false,
      isTestModeAllowed: false,
    }),
  );
  oliveListing = await insertListing(harness.database.db, {
    ownerSub: 'olive-owner',
    title: '=HYPERLINK("http://evil.example","Click")',
  });
  const bensListing = await insertListing(harness.database.db, {
    ownerSub: 'ben-buyer',
    title: 'Flat, with "views" <b>',
  });
  const buy = async (
    user: typeof olive,
    listingId: number,
    productCode: string,
    outcome?: string,
  ) => {
    const view = await harness.payments.startCheckout({
      user,
      listingId,
      input: { productCode, idempotencyKey: checkoutKey(), startImmediately: true },
    });
    if (outcome)
      await harness.payments.submitTestOutcome({
        user,
        paymentId: view.paymentId,
        input: { outcome },
      });
    return view.paymentId;
  };
  paid = await buy(olive, oliveListing, 'featured_7', 'pay');
  failed = await buy(olive, oliveListing, 'bump', 'decline');
  bensBundle = await buy(ben, bensListing, 'faster_bundle', 'pay');
  pending = await buy(ben, bensListing, 'showcase_7');
  await harness.payments.admin.refund({
    user: admin,
    paymentId: paid,
    input: { amountPence: 300, reason: 'goodwill', note: 'Sorry' },
  });
  // Ben's payments were started on an earlier day (London time).
  await harness.database.db
    .update(payments)
    .set({ createdAt: new Date('2026-10-01T12:00:00Z') })
    .where(eq(payments.id, bensBundle));
  await harness.database.db
    .update(payments)
    .set({ createdAt: new Date('2026-10-02T23:30:00Z') })
    .where(eq(payments.id, pending));
});
afterAll(async () => {
  await harness?.close();
});

const list = (filters: Record<string, string>) =>
  harness.payments.admin.list({ user: admin, filters: new URLSearchParams(filters) });
const ids = (rows: { paymentId: number }[]) =>
  rows.map((row) => row.paymentId).sort((a, b) => a - b);

describe('the admin payments list', () => {
  it('lists every payment with totals: gross, refunds, net and VAT', async () => {
    const result = await list({});
    expect(ids(result.rows)).toEqual([paid, failed, bensBundle, pending].sort((a, b) => a - b));
    expect(result.totals).toEqual({
      count: 4,
      grossPence: 999 + 3999,
      refundsPence: 300,
      netPence: 999 + 3999 - 300,
      vatPence: 167 + 667 - 50,
    });
    expect(result.rows.find((row) => row.paymentId === paid)).toMatchObject({
      status: 'partially_refunded',
      refundedPence: 300,
      vatPence: 117,
      invoiceNumber: expect.stringMatching(/^ROO-/),
    });
  });

  it('filters by status, product, buyer e-mail, listing and London dates', async () => {
    expect(ids((await list({ status: 'failed' })).rows)).toEqual([failed]);
    expect(ids((await list({ product: 'faster_bundle' })).rows)).toEqual([bensBundle]);
    expect(ids((await list({ email: 'BEN-BUY' })).rows)).toEqual(
      [bensBundle, pending].sort((a, b) => a - b),
    );
    expect(ids((await list({ email: '%' })).rows)).toEqual([]);
    expect(ids((await list({ listing: String(oliveListing) })).rows)).toEqual(
      [paid, failed].sort((a, b) => a - b),
    );
    // 23:30 UTC on 2 October is 00:30 on 3 October in London (BST).
    expect(ids((await list({ from: '2026-10-01', to: '2026-10-02' })).rows)).toEqual([bensBundle]);
    expect(ids((await list({ from: '2026-10-03', to: '2026-10-03' })).rows)).toEqual([pending]);
    const range = await list({ from: '2026-10-01', to: '2026-10-31' });
    expect(range.totals).toMatchObject({
      count: 2,
      grossPence: 3999,
      refundsPence: 0,
      vatPence: 667,
    });
  });

  it('refuses bad filters and people who are not administrators', async () => {
    await expect(list({ from: '2026-02-30' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(list({ status: 'stolen' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(harness.payments.admin.list({ user: olive, filters: {} })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await harness.api('olive-owner', '/admin/payments')).status).toBe(403);
    expect((await harness.api(null, '/admin/payments.csv')).status).toBe(401);
    expect((await harness.api('olive-owner', `/admin/payments/${paid}`)).status).toBe(403);
  });

  it('exports CSV with formulas defused and quotes escaped', async () => {
    const response = await harness.api('admin:ada-admin', '/admin/payments.csv?product=featured_7');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?roost-payments-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Payment,Created (UTC),Paid (UTC),Status,Product,Listing,Listing title,Buyer e-mail,Gross (GBP),Refunded (GBP),Net (GBP),VAT (GBP),Invoice,Provider,Provider payment id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `,Partly refunded,"Featured, 7 days",${oliveListing},"'=HYPERLINK(""http://evil.example"",""Click"")",olive-owner@example.com,9.99,3.00,6.99,1.17,ROO-`,
    );
  });

  it('shows a payment’s timeline: created, webhooks, paid, refunds', async () => {
    const detail = await harness.payments.admin.detail({ user: admin, paymentId: paid });
    expect(detail.timeline.map((entry) => entry.kind)).toEqual([
      'created',
      'webhook',
      'paid',
      'refund',
      'webhook',
    ]);
    // Whether the webhook or the API's answer recorded the refund first, it is recorded once.
    expect(detail.timeline[4]!.text).toMatch(
      /^Webhook refund\.created \(evt_test_\w+\): refund \d+: (succeeded|no change \(succeeded\))$/,
    );
    expect(detail.timeline[1]!.text).toMatch(
      /^Webhook payment_intent\.succeeded \(evt_test_\w+\): paid: 1 upgrade\(s\) granted, invoice ROO-\d{6}$/,
    );
    expect(detail.refunds).toMatchObject([
      {
        amountPence: 300,
        reasonLabel: 'Goodwill gesture',
        note: 'Sorry',
        requestedBy: 'ada-admin',
        requesterEmail: 'ada-admin@example.com',
      },
    ]);
    expect(detail.refundablePence).toBe(699);
    const declined = await harness.payments.admin.detail({ user: admin, paymentId: failed });
    expect(declined.timeline.at(-1)!.text).toContain('failed: Your card was declined.');
  });
});

describe('the buyer’s payments', () => {
  it('lists only their own, and hides others’ receipts', async () => {
    expect(ids(await harness.payments.myPayments({ user: olive }))).toEqual(
      [paid, failed].sort((a, b) => a - b),
    );
    const response = await harness.api('ben-buyer', `/me/payments/${paid}`);
    expect(response.status).toBe(404);
    expect((await harness.api(null, '/me/payments')).status).toBe(401);
  });

  it('are e-mailed a receipt with the invoice figures, the listing title escaped', async () => {
    const sent: PaymentEmail[] = [];
    const job = createReceiptEmailJob({
      db: harness.database.db,
      send: () => async (email) => {
        sent.push(email);
      },
      publicUrl: () => 'https://roost.test',
    });
    await job.run(
      { paymentId: bensBundle },
      { job: {} as never, logger: pino({ level: 'silent' }) },
    );
    expect(sent).toHaveLength(1);
    const email = sent[0]!;
    expect(email.to).toBe('ben-buyer@example.com');
    expect(email.subject).toMatch(/^Your Roost receipt ROO-\d{6}$/);
    expect(email.text).toContain('VAT at 20%: £6.67');
    expect(email.text).toContain('Total paid: £39.99');
    expect(email.text).toContain('VAT number: GB123456789');
    expect(email.text).toContain(`https://roost.test/my-account/payments/${bensBundle}`);
    expect(email.html).toContain('Flat, with &quot;views&quot; &lt;b&gt;');
    expect(email.html).not.toContain('<b>');
  });
});
