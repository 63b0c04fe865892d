/**
 * What Roost needs from a card processor. Stripe implements it for real money; the built-in test
 * provider implements it offline, speaking Stripe's webhook format, so both take one path through
 * the webhook handler. Amounts are whole pence.
 */
export type ProviderName = 'stripe' | 'test';

/** A PaymentIntent's states, as Stripe names them. */
export type ProviderPaymentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountPence: number;
  amountReceivedPence: number;
  currency: string;
  /** Why the last attempt failed (a declined card, failed authentication), if it did. */
  failureMessage: string | undefined;
  metadata: Record<string, string>;
}

export type ProviderRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPence: number;
  status: ProviderRefundStatus;
  metadata: Record<string, string>;
}

/** A verified webhook event, reduced to what Roost acts on. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: Date;
  /** The PaymentIntent a `payment_intent.*` event is about (re-read before acting). */
  paymentId?: string;
  /** The refund a `refund.*` event carries. */
  refund?: ProviderRefund;
}

export interface CheckoutRequest {
  orderId: number;
  amountPence: number;
  currency: 'gbp';
  description: string;
  /** The same key returns the same checkout (a retried request never makes a second one). */
  idempotencyKey: string;
}

export interface Checkout {
  paymentId: string;
  /** Handed to the browser (Stripe's Payment Element, or our test page); never stored. */
  clientSecret: string;
}

export interface RefundRequest {
  paymentId: string;
  amountPence: number;
  idempotencyKey: string;
  /** Our refund's id, so the refund webhook can be matched even before this call returns. */
  refundId: number;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer';
}

/** What the checkout page needs in the browser. */
export type BrowserCheckout = { kind: 'stripe'; publishableKey: string } | { kind: 'test' };

export interface PaymentProvider {
  name: ProviderName;
  browser: BrowserCheckout;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  retrieve(paymentId: string): Promise<ProviderPayment & { clientSecret: string | undefined }>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** A refund as the provider has it now (news that would move it backwards is checked here). */
  retrieveRefund(refundId: string): Promise<ProviderRefund>;
  /** Verifies the signature over the raw body and its timestamp; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
