import Stripe from 'stripe';
import type { PaymentProvider } from './payment-provider.ts';
import { parseStripeWebhook, paymentFromIntent, refundFromStripe } from './stripe-objects.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** SDK options; tests point `host`, `port` and `protocol` at a local fake Stripe. */
  client?: Stripe.StripeConfig;
  now?: () => number;
}

/**
 * Stripe through its official SDK: a PaymentIntent with automatic payment methods, so the
 * browser's Payment Element and Express Checkout Element offer card, Apple Pay and Google Pay
 * and run 3-D Secure themselves. Every write carries an idempotency key.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Roost' },
    ...options.client,
  });
  return {
    name: 'stripe',
    browser: { kind: 'stripe', publishableKey: options.publishableKey },
    async createCheckout(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountPence,
          currency: request.currency,
          automatic_payment_methods: { enabled: true },
          description: request.description,
          metadata: { roost_order_id: String(request.orderId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { paymentId: intent.id, clientSecret: intent.client_secret };
    },
    async retrieve(paymentId) {
      return paymentFromIntent(await stripe.paymentIntents.retrieve(paymentId));
    },
    async refund(request) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amountPence,
          reason: request.reason,
          metadata: { roost_refund_id: String(request.refundId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return refundFromStripe(refund);
    },
    async retrieveRefund(refundId) {
      return refundFromStripe(await stripe.refunds.retrieve(refundId));
    },
    parseWebhook: (rawBody, signature) =>
      parseStripeWebhook(rawBody, signature, options.webhookSecret, options.now),
  };
}
