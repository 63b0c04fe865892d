import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { applyPaymentState } from './apply-payment-state.ts';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-provider.ts';
import { lockPayment } from './payment-records.ts';
import type { SupplierDetails } from './payments-config.ts';
import { findOurRefund, reconcileProviderRefund } from './reconcile-provider-refund.ts';
import { needsReread } from './record-refund-state.ts';
import { payments, webhookEvents } from './schema.ts';

export interface WebhookDeps {
  db: Database;
  provider: PaymentProvider | undefined;
  supplier: SupplierDetails;
  logger: Logger;
}

export interface WebhookResult {
  eventId: string;
  isDuplicate: boolean;
  outcome: string;
}

/**
 * A provider's webhook. The signature over the raw body (and its timestamp) is checked first:
 * a tampered or stale one is refused with nothing recorded. The event id is then inserted
 * before anything else in the transaction, so a second delivery finds it and changes nothing.
 * For payment events the payment is re-read from the provider and our row locked before acting.
 */
export async function handleWebhook(
  deps: WebhookDeps,
  options: { rawBody: Buffer; signature: string | undefined; now?: Date },
): Promise<WebhookResult> {
  const { db, logger } = deps;
  if (!deps.provider) throw new AppError('NOT_FOUND', 'Payments are not set up.');
  const provider = deps.provider;
  let event;
  try {
    event = provider.parseWebhook(options.rawBody, options.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ reason: error.message.split('\n')[0] }, 'payments: webhook signature refused');
      throw new AppError('BAD_REQUEST', 'The webhook signature is not valid.');
    }
    throw error;
  }
  const [seen] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.providerEventId, event.id));
  if (seen) return { eventId: event.id, isDuplicate: true, outcome: 'duplicate' };

  // Outside the transaction: a network call must never hold a lock or a connection.
  let current: ProviderPayment | undefined;
  if (event.paymentId) {
    const [ours] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerPaymentId, event.paymentId));
    if (ours) current = await provider.retrieve(event.paymentId);
  }
  const refundNews =
    event.refund && (await currentRefundNews(provider, db, event.refund, event.created));

  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookEvents)
      .values({
        provider: provider.name,
        providerEventId: event.id,
        type: event.type,
        objectId: event.paymentId ?? event.refund?.id ?? null,
        eventCreatedAt: event.created,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: webhookEvents.providerEventId })
      .returning({ id: webhookEvents.id });
    if (!inserted) return { eventId: event.id, isDuplicate: true, outcome: 'duplicate' };

    let paymentId: number | undefined;
    let outcome = 'ignored: not an event Roost acts on';
    if (current) {
      const record = await lockPayment(tx, { providerPaymentId: current.id });
      if (record) {
        paymentId = record.payment.id;
        outcome = await applyPaymentState(
          tx,
          { supplier: deps.supplier, logger, now },
          record,
          current,
        );
      }
    } else if (event.paymentId) {
      outcome = 'ignored: not a Roost payment';
    } else if (refundNews) {
      ({ paymentId, outcome } = await reconcileProviderRefund(tx, refundNews, event.created));
    }
    await tx
      .update(webhookEvents)
      .set({ paymentId: paymentId ?? null, outcome })
      .where(eq(webhookEvents.id, inserted.id));
    logger.info(
      { event: event.id, type: event.type, paymentId, outcome },
      'payments: webhook handled',
    );
    return { eventId: event.id, isDuplicate: false, outcome };
  });
}

/**
 * A refund event's news, checked with the provider when it would move our refund backwards
 * (say 'canceled' after 'succeeded', from an event delivered late): the provider's current
 * state is acted on instead. Outside any transaction, like every network call.
 */
async function currentRefundNews(
  provider: PaymentProvider,
  db: Database,
  news: ProviderRefund,
  created: Date,
): Promise<ProviderRefund> {
  const ours = await findOurRefund(db, news);
  if (!ours || !needsReread(ours, { ...news, providerRefundId: news.id, at: created })) {
    return news;
  }
  const current = await provider.retrieveRefund(news.id);
  return { ...news, status: current.status };
}
