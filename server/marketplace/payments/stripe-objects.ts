import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type ProviderRefundStatus,
} from './payment-provider.ts';

/**
 * Stripe's objects, reduced to what Roost acts on. The test provider emits the same JSON, so
 * this one reading serves both providers.
 */

/**
 * Stripe's default: a signature more than five minutes old is refused (replay protection). A
 * timestamp as far in the future is refused as well: the SDK checks only the age, and a signature
 * dated ahead would otherwise stay replayable for as long as it is dated ahead.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];
const REFUND_STATUSES: readonly ProviderRefundStatus[] = [
  'pending',
  'succeeded',
  'failed',
  'canceled',
];

type IntentLike = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'amount' | 'amount_received' | 'currency' | 'metadata' | 'client_secret'
> & { last_payment_error: { message?: string | undefined } | null };

export function paymentFromIntent(
  intent: IntentLike,
): ProviderPayment & { clientSecret: string | undefined } {
  const status = PAYMENT_STATUSES.find((known) => known === intent.status);
  if (!status) throw new Error(`Unknown PaymentIntent status "${intent.status}"`);
  return {
    id: intent.id,
    status,
    amountPence: intent.amount,
    amountReceivedPence: intent.amount_received ?? 0,
    currency: intent.currency,
    failureMessage: intent.last_payment_error?.message ?? undefined,
    metadata: { ...intent.metadata },
    clientSecret: intent.client_secret ?? undefined,
  };
}

type RefundLike = Pick<Stripe.Refund, 'id' | 'amount' | 'status' | 'metadata'> & {
  payment_intent: string | { id: string } | null;
};

export function refundFromStripe(refund: RefundLike): ProviderRefund {
  const paymentId =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  if (!paymentId) throw new Error(`Refund ${refund.id} has no PaymentIntent`);
  // 'requires_action' (refunds to some local payment methods) is still under way.
  const status = REFUND_STATUSES.find((known) => known === refund.status) ?? 'pending';
  return {
    id: refund.id,
    paymentId,
    amountPence: refund.amount,
    status,
    metadata: { ...(refund.metadata ?? {}) },
  };
}

/** Verifies a webhook as Stripe documents it (HMAC-SHA256 over `t.body`), its time within ±5 minutes. */
export function parseStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  now: () => number = Date.now,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now(),
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  const signedAt = signatureTimestamp(signature);
  if (signedAt === undefined || signedAt - now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone (in the future)');
  }
  return toProviderEvent(event);
}

/** The `t=` of a Stripe-Signature header (the first, as the SDK reads it), in Unix seconds. */
function signatureTimestamp(header: string): number | undefined {
  const value = header
    .split(',')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  const seconds = Number(value);
  return value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(seconds)
    ? seconds
    : undefined;
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
  const object = event.data.object as { object?: string; id?: string };
  if (event.type.startsWith('payment_intent.') && object.object === 'payment_intent') {
    return { ...base, paymentId: object.id };
  }
  if (event.type.startsWith('refund.') && object.object === 'refund') {
    return { ...base, refund: refundFromStripe(object as RefundLike) };
  }
  return base;
}
