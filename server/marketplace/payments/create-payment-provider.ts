import type Stripe from 'stripe';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentsConfig } from './payments-config.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider, type WebhookDelivery } from './stand-in-provider.ts';

/**
 * The provider the configuration asks for: Stripe with keys, the test provider without (it
 * delivers its webhooks through `deliver`), none in production without keys or test mode.
 */
export function createPaymentProvider(
  config: PaymentsConfig,
  options: {
    db: Database;
    logger: Logger;
    isProduction: boolean;
    deliver: WebhookDelivery;
    /** Shared by every instance in a test deployment; generated when absent. */
    testWebhookSecret?: string;
    stripeClient?: Stripe.StripeConfig;
  },
): PaymentProvider | undefined {
  switch (config.provider.kind) {
    case 'stripe':
      return createStripeProvider({ ...config.provider, client: options.stripeClient });
    case 'test':
      return createTestProvider({
        db: options.db,
        deliver: options.deliver,
        logger: options.logger,
        isProduction: options.isProduction,
        isTestModeAllowed: config.isTestModeAllowed,
        webhookSecret: options.testWebhookSecret,
      });
    case 'off':
      options.logger.warn('payments: no STRIPE_SECRET_KEY in production, so paid upgrades are off');
      return undefined;
  }
}
