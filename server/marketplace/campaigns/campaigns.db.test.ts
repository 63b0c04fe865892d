import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import {
  checkoutKey,
  person,
  startPaymentsHarness,
  SUPPLIER,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import { MARKETING_CONSENT_WORDING } from '../../../domain/campaigns/campaign-inputs.ts';
import { jobs } from '../../jobs/schema.ts';
import { adminAuditLog } from '../audit/schema.ts';
import { savedSearches } from '../alerts/schema.ts';
import { createMarketplace } from '../marketplace.ts';
import { WEBHOOK_PATH } from '../payments/payments-router.ts';
import { invoices, payments, products, upgrades } from '../payments/schema.ts';
import { createHttpWebhookDelivery, createTestProvider } from '../payments/stand-in-provider.ts';
import type { CampaignsService } from './campaigns-service.ts';
import { campaignDeliveries, emailCampaigns, promoCodes } from './schema.ts';

/**
 * /admin-portal/campaigns on both databases: the catalogue, complimentary and ended upgrades,
 * promo codes applied at checkout, marketing consent and e-mail campaigns; and that every admin
 * call refuses non-admins (403) and signed-out callers (401).
 */
let harness: PaymentsHarness;
let campaigns: CampaignsService;
const sent: { to: string; subject: string; text: string; headers: Record<string, string> }[] = [];
const admin = person('ada-admin', true);
const olive = person('olive-owner');
const ben = person('ben-buyer');
const carol = person('carol-consenting');
let oliveListing: number;
let bensListing: number;
const secret = Buffer.alloc(32, 7);

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
  campaigns = createMarketplace({
    db: harness.database.db,
    secret,
    publicUrl: 'https://roost.example',
    payments: { provider: undefined, supplier: SUPPLIER },
    mail: (tag) =>
      tag === 'marketing-campaign'
        ? async (email) => {
            sent.push(email as (typeof sent)[number]);
          }
        : undefined,
  }).campaigns;
  oliveListing = await insertListing(harness.database.db, { ownerSub: olive.userId });
  bensListing = await insertListing(harness.database.db, { ownerSub: ben.userId });
});
afterAll(async () => {
  await harness?.close();
});

const auditOf = async (action: string) =>
  harness.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

describe('the catalogue', () => {
  it('changes price (pounds to pence), days, name and availability, recorded in the audit log', async () => {
    const product = await campaigns.updateProduct({
      user: admin,
      input: {
        code: 'featured_7',
        name: 'Featured, 10 days',
        description: 'Pinned above ordinary results for ten days.',
        price: '£12.50',
        days: '10',
        isActive: 'on',
      },
    });
    expect(product).toMatchObject({
      pricePence: 1250,
      entitlements: [{ kind: 'featured', days: 10 }],
      isActive: true,
    });
    const [entry] = await auditOf('catalogue.update');
    expect(entry).toMatchObject({
      actorSub: admin.userId,
      targetId: 'featured_7',
      details: { before: { pricePence: 999 }, after: { pricePence: 1250 } },
    });
    await campaigns.updateProduct({
      user: admin,
      input: {
        code: 'showcase_7',
        name: 'Showcase',
        description: 'Home page slot, paused.',
        price: '24.99',
        days: '7',
      },
    });
    const [showcase] = await harness.database.db
      .select()
      .from(products)
      .where(eq(products.code, 'showcase_7'));
    expect(showcase?.isActive).toBe(false);
    expect((await harness.payments.products()).map((row) => row.code)).not.toContain('showcase_7');
  });

  it('refuses bad prices and missing days with field errors', async () => {
    await expect(
      campaigns.updateProduct({
        user: admin,
        input: { code: 'bump', name: 'Bump', description: 'Back to the top once.', price: '4.999' },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: { price: expect.any(String) } });
    await expect(
      campaigns.updateProduct({
        user: admin,
        input: {
          code: 'featured_14',
          name: 'Featured',
          description: 'Pinned for a while.',
          price: '17.99',
        },
      }),
    ).rejects.toMatchObject({ fields: { days: 'Enter a number of days' } });
  });
});

describe('complimentary upgrades', () => {
  it('grants one with a £0 invoice from the same numbering, lists it, and ends it early with a reason', async () => {
    const granted = await campaigns.grantUpgrade({
      user: admin,
      input: {
        listingId: String(oliveListing),
        productCode: 'featured_28',
        reason: 'Launch partner',
      },
    });
    expect(granted.invoiceNumber).toMatch(/^ROO-\d+$/);
    const [invoice] = await harness.database.db
      .select()
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .where(eq(payments.orderId, granted.orderId));
    expect(invoice?.invoices).toMatchObject({ grossPence: 0, vatPence: 0, discountPence: 2999 });
    expect(invoice?.payments).toMatchObject({ provider: 'none', status: 'paid', amountPence: 0 });
    const live = await campaigns.liveUpgrades({ user: admin });
    const upgrade = live.find((row) => row.orderId === granted.orderId);
    expect(upgrade).toMatchObject({
      kind: 'featured',
      listingId: oliveListing,
      isComplimentary: true,
    });
    expect((await auditOf('upgrade.grant'))[0]).toMatchObject({
      reason: 'Launch partner',
      targetId: String(oliveListing),
    });

    await campaigns.endUpgrade({
      user: admin,
      input: { upgradeId: upgrade!.id, reason: 'Partner left' },
    });
    const [row] = await harness.database.db
      .select()
      .from(upgrades)
      .where(eq(upgrades.id, upgrade!.id));
    expect(row).toMatchObject({ endedReason: 'ended_by_admin', endedEarlyAt: expect.any(Date) });
    expect((await campaigns.liveUpgrades({ user: admin })).map((entry) => entry.id)).not.toContain(
      upgrade!.id,
    );
    await expect(
      campaigns.endUpgrade({ user: admin, input: { upgradeId: upgrade!.id, reason: 'Again' } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await auditOf('upgrade.end'))[0]).toMatchObject({ reason: 'Partner left' });
  });

  it('needs a reason and an existing listing', async () => {
    await expect(
      campaigns.grantUpgrade({
        user: admin,
        input: { listingId: '999999', productCode: 'bump', reason: 'Goodwill' },
      }),
    ).rejects.toMatchObject({ fields: { listingId: expect.any(String) } });
    await expect(
      campaigns.grantUpgrade({
        user: admin,
        input: { listingId: String(oliveListing), productCode: 'bump', reason: '' },
      }),
    ).rejects.toMatchObject({ fields: { reason: expect.any(String) } });
  });
});

describe('promo codes at checkout', () => {
  const checkout = (user: typeof ben, listingId: number, productCode: string, promoCode?: string) =>
    harness.payments.startCheckout({
      user,
      listingId,
      input: { productCode, idempotencyKey: checkoutKey(), startImmediately: true, promoCode },
    });

  it('takes a percentage off, shows the discount on the invoice and counts the use', async () => {
    await campaigns.createPromoCode({
      user: admin,
      input: {
        code: 'spring25',
        kind: 'percent',
        percentOff: '25',
        isOncePerUser: 'on',
        productCodes: ['bump', 'alert_boost'],
      },
    });
    const view = await checkout(ben, bensListing, 'bump', ' Spring25 ');
    expect(view).toMatchObject({ pricePence: 499, discountPence: 125, amountPence: 374 });
    await harness.payments.submitTestOutcome({
      user: ben,
      paymentId: view.paymentId,
      input: { outcome: 'pay' },
    });
    const [invoice] = await harness.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, view.paymentId));
    expect(invoice).toMatchObject({ grossPence: 374, discountPence: 125 });
    const [promo] = await harness.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'SPRING25'));
    expect(promo?.usesCount).toBe(1);
    expect((await auditOf('promo.create'))[0]).toMatchObject({ targetId: String(promo!.id) });
  });

  it('gives clear field errors: unknown, expired, not yet valid, wrong product, already used, used up', async () => {
    const now = Date.now();
    await campaigns.createPromoCode({
      user: admin,
      input: {
        code: 'OLD',
        kind: 'amount',
        amountOff: '2',
        validTo: new Date(now - 60_000).toISOString(),
      },
    });
    await campaigns.createPromoCode({
      user: admin,
      input: {
        code: 'SOON',
        kind: 'amount',
        amountOff: '2',
        validFrom: new Date(now + 3_600_000).toISOString(),
      },
    });
    await campaigns.createPromoCode({
      user: admin,
      input: { code: 'ONCE', kind: 'amount', amountOff: '1', maxUses: '1' },
    });
    const fails = (promoCode: string, productCode = 'bump', user = ben, listing = bensListing) =>
      expect(checkout(user, listing, productCode, promoCode)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { promoCode: expect.any(String) },
      });
    await fails('NOPE');
    await expect(checkout(ben, bensListing, 'bump', 'OLD')).rejects.toMatchObject({
      fields: { promoCode: 'This code has expired' },
    });
    await expect(checkout(ben, bensListing, 'bump', 'SOON')).rejects.toMatchObject({
      fields: { promoCode: 'This code is not valid yet' },
    });
    await expect(checkout(ben, bensListing, 'featured_28', 'SPRING25')).rejects.toMatchObject({
      fields: { promoCode: 'This code doesn’t apply to this upgrade' },
    });
    await expect(checkout(ben, bensListing, 'alert_boost', 'SPRING25')).rejects.toMatchObject({
      fields: { promoCode: 'You have already used this code' },
    });
    await checkout(ben, bensListing, 'bump', 'ONCE');
    await expect(checkout(olive, oliveListing, 'bump', 'ONCE')).rejects.toMatchObject({
      fields: { promoCode: 'This code has been used up' },
    });
    await campaigns.setPromoCodeActive({
      user: admin,
      input: { promoCodeId: await promoId('SPRING25'), isActive: '' },
    });
    await expect(checkout(olive, oliveListing, 'bump', 'SPRING25')).rejects.toMatchObject({
      fields: { promoCode: 'We don’t recognise this code' },
    });
  });

  it('never exceeds the use limit when buyers check out at once', async () => {
    await campaigns.createPromoCode({
      user: admin,
      input: { code: 'RUSH', kind: 'amount', amountOff: '1', maxUses: '3', isOncePerUser: '' },
    });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const user = person(`rush-${index}`);
        return {
          user,
          listing: await insertListing(harness.database.db, { ownerSub: user.userId }),
        };
      }),
    );
    const results = await Promise.allSettled(
      buyers.map(({ user, listing }) => checkout(user, listing, 'bump', 'RUSH')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(
      (await harness.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'RUSH')))[0]
        ?.usesCount,
    ).toBe(3);
  });

  it('completes a 100 % code at once without a card: granted, £0 invoice, receipt queued', async () => {
    await campaigns.createPromoCode({
      user: admin,
      input: { code: 'FREE', kind: 'percent', percentOff: '100' },
    });
    const key = checkoutKey();
    const first = await harness.payments.startCheckout({
      user: olive,
      listingId: oliveListing,
      input: {
        productCode: 'bump',
        idempotencyKey: key,
        startImmediately: true,
        promoCode: 'free',
      },
    });
    expect(first).toMatchObject({
      status: 'paid',
      amountPence: 0,
      discountPence: 499,
      clientSecret: undefined,
    });
    const [invoice] = await harness.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, first.paymentId));
    expect(invoice).toMatchObject({ grossPence: 0, discountPence: 499 });
    const granted = await harness.database.db
      .select()
      .from(upgrades)
      .where(eq(upgrades.listingId, oliveListing));
    expect(granted.some((row) => row.kind === 'bump' && row.usesSpent === 1)).toBe(true);
    const receiptJobs = await harness.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'payment-receipt'));
    expect(
      receiptJobs.some(
        (job) => (job.payload as { paymentId: number }).paymentId === first.paymentId,
      ),
    ).toBe(true);
    // A double-click finds the same order and payment.
    const again = await harness.payments.getCheckout({ user: olive, paymentId: first.paymentId });
    expect(again.status).toBe('paid');
  });
});

async function promoId(code: string) {
  const [row] = await harness.database.db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  return row!.id;
}

describe('marketing consent and e-mail campaigns', () => {
  it('stores opt-in and withdrawal with time and wording; nobody is opted in by default', async () => {
    expect(await campaigns.consent({ user: carol })).toMatchObject({ isGranted: false, at: null });
    const state = await campaigns.setConsent({
      user: carol,
      input: { isGranted: 'on' },
      source: 'sign-up',
    });
    expect(state).toMatchObject({
      isGranted: true,
      wording: MARKETING_CONSENT_WORDING,
      at: expect.any(String),
    });
    await campaigns.setConsent({ user: olive, input: { isGranted: 'on' }, source: 'account' });
    await campaigns.setConsent({ user: olive, input: {}, source: 'account' });
    expect(await campaigns.consent({ user: olive })).toMatchObject({ isGranted: false });
    await campaigns.setConsent({ user: ben, input: { isGranted: 'true' }, source: 'account' });
    await harness.database.db.insert(savedSearches).values({
      ownerSub: ben.userId,
      email: ben.email!,
      name: 'Leeds to rent',
      channel: 'rent',
      placeSlug: 'leeds',
    });
  });

  it('sends a campaign only to consenting people in the audience, once each, with one-click unsubscribe', async () => {
    const campaign = await campaigns.createCampaign({
      user: admin,
      input: {
        subject: 'Spring news',
        body: 'Hello **there**. <script>alert(1)</script> [bad](javascript:alert(1)) [good](https://roost.example/x)',
        audience: { kind: 'all' },
        ratePerMinute: '1',
      },
    });
    const preview = await campaigns.preview({ user: admin, campaignId: campaign.id });
    expect(preview.html).toContain('<strong>there</strong>');
    expect(preview.html).toContain('&lt;script&gt;');
    expect(preview.html).not.toContain('href="javascript');
    expect(preview.html).toContain('href="https://roost.example/x"');
    expect(preview.recipients).toBe(2);

    await campaigns.sendTest({ user: admin, campaignId: campaign.id });
    expect(sent.pop()).toMatchObject({ to: admin.email, subject: '[Test] Spring news' });

    await campaigns.schedule({ user: admin, input: { campaignId: String(campaign.id) } });
    // A worker that died after writing Carol's delivery row, before sending: she is never sent
    // it (at most once), and nobody else is held up.
    await harness.database.db
      .insert(campaignDeliveries)
      .values({ campaignId: campaign.id, recipientSub: carol.userId, email: carol.email! });
    // One a minute: the first batch sends one e-mail and queues the next batch a minute later.
    expect(await campaigns.sendBatch({ campaignId: campaign.id })).toMatchObject({
      sent: 1,
      isDone: false,
    });
    const next = await harness.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'campaign-send'));
    expect(next.some((job) => job.runAt.getTime() > Date.now() + 50_000)).toBe(true);
    expect(await campaigns.sendBatch({ campaignId: campaign.id })).toMatchObject({
      sent: 0,
      isDone: true,
    });
    const recipients = sent.map((email) => email.to);
    expect(recipients).toEqual([ben.email]);
    expect(recipients).not.toContain(olive.email);
    const mail = sent[sent.length - 1]!;
    expect(mail.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/roost\.example\/marketing\/unsubscribe\?token=/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('/marketing/unsubscribe?token=');

    const token = /token=([^>\s]+)/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    expect(await campaigns.unsubscribe({ token: `${token}x` })).toBe(false);
    expect(await campaigns.unsubscribe({ token })).toBe(true);
    const [summary] = (await campaigns.campaigns({ user: admin })).filter(
      (row) => row.id === campaign.id,
    );
    expect(summary).toMatchObject({ status: 'sent', sent: 1, failed: 0, unsubscribed: 1 });
    expect(await campaigns.consent({ user: ben })).toMatchObject({ isGranted: false });
    await campaigns.setConsent({ user: ben, input: { isGranted: 'on' }, source: 'account' });
    expect((await auditOf('campaign.schedule'))[0]).toMatchObject({
      targetId: String(campaign.id),
    });
  });

  it('picks saved-search audiences and checks consent again at send time', async () => {
    sent.length = 0;
    await campaigns.setConsent({ user: carol, input: { isGranted: 'on' }, source: 'account' });
    const campaign = await campaigns.createCampaign({
      user: admin,
      input: {
        subject: 'Rentals in Leeds',
        body: 'New homes to rent in Leeds.',
        audience: { kind: 'saved-searches', channel: 'rent', place: 'leeds' },
      },
    });
    expect((await campaigns.preview({ user: admin, campaignId: campaign.id })).recipients).toBe(1);
    await campaigns.schedule({ user: admin, input: { campaignId: campaign.id } });
    await campaigns.setConsent({ user: ben, input: {}, source: 'account' });
    await campaigns.sendBatch({ campaignId: campaign.id });
    expect(sent).toEqual([]);
    const [row] = await harness.database.db
      .select()
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, campaign.id));
    expect(row?.status).toBe('sent');
  });

  it('cancels a scheduled campaign, after which its job sends nothing', async () => {
    sent.length = 0;
    const campaign = await campaigns.createCampaign({
      user: admin,
      input: { subject: 'Cancelled', body: 'This never goes out.', audience: { kind: 'all' } },
    });
    await campaigns.schedule({
      user: admin,
      input: { campaignId: campaign.id, sendAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await campaigns.cancel({ user: admin, campaignId: campaign.id, reason: 'Wrong week' });
    expect(await campaigns.sendBatch({ campaignId: campaign.id })).toMatchObject({
      sent: 0,
      isDone: true,
    });
    expect(sent).toEqual([]);
    const queued = await harness.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'campaign-send')));
    expect(queued.length).toBeGreaterThan(0);
  });
});

describe('authorisation', () => {
  const calls: [string, (user: typeof olive | null) => Promise<unknown>][] = [
    ['catalogue', (user) => campaigns.catalogue({ user })],
    ['updateProduct', (user) => campaigns.updateProduct({ user, input: {} })],
    ['liveUpgrades', (user) => campaigns.liveUpgrades({ user })],
    ['grantUpgrade', (user) => campaigns.grantUpgrade({ user, input: {} })],
    ['endUpgrade', (user) => campaigns.endUpgrade({ user, input: {} })],
    ['promoCodes', (user) => campaigns.promoCodes({ user })],
    ['createPromoCode', (user) => campaigns.createPromoCode({ user, input: {} })],
    ['setPromoCodeActive', (user) => campaigns.setPromoCodeActive({ user, input: {} })],
    ['campaigns', (user) => campaigns.campaigns({ user })],
    ['preview', (user) => campaigns.preview({ user, campaignId: 1 })],
    ['createCampaign', (user) => campaigns.createCampaign({ user, input: {} })],
    ['updateCampaign', (user) => campaigns.updateCampaign({ user, campaignId: 1, input: {} })],
    ['sendTest', (user) => campaigns.sendTest({ user, campaignId: 1 })],
    ['schedule', (user) => campaigns.schedule({ user, input: {} })],
    ['cancel', (user) => campaigns.cancel({ user, campaignId: 1 })],
  ];
  it.each(calls)('%s: 403 for a member, 401 signed out', async (_, call) => {
    await expect(call(olive)).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(call(null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });
});
