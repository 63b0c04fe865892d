import { z } from 'zod';
import { PAYMENT_METHODS } from '../../../domain/payments/payment-methods.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { findPayment, loadBuyerPayment, type Db } from './payment-records.ts';
import { TEST_OUTCOMES, TestOutcomeError, type TestPaymentProvider } from './stand-in-provider.ts';
import type { Payment } from './schema.ts';

export const outcomeInput = z.object({
  outcome: z.enum(TEST_OUTCOMES, { message: 'Choose an outcome' }),
  /** The test wallet or card chosen on the page; a card when not given. */
  method: z.enum(PAYMENT_METHODS, { message: 'Choose how to pay' }).default('card'),
});

export function isTestProvider(
  provider: PaymentProvider | undefined,
): provider is TestPaymentProvider {
  return provider?.name === 'test' && 'complete' in provider;
}

/**
 * The test checkout page's buttons ('Pay', 'Decline', 'Needs authentication', then
 * 'Authenticate'), with a test card, Apple Pay or Google Pay: the buyer's own payment only, and
 * only with the test provider. The payment
 * changes through the signed webhook the provider sends, exactly as with Stripe.
 */
export async function submitTestOutcome(
  deps: { db: Db; provider: PaymentProvider | undefined },
  options: { user: SessionUser | null; paymentId: number; input: unknown },
): Promise<{ status: Payment['status']; failureMessage: string | null }> {
  if (!isTestProvider(deps.provider))
    throw new AppError('NOT_FOUND', 'There is no test checkout here.');
  const parsed = outcomeInput.safeParse(options.input);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', 'Choose an outcome.', { outcome: 'Choose an outcome' });
  const { payment } = await loadBuyerPayment(deps.db, options.user, options.paymentId);
  if (payment.provider !== 'test')
    throw new AppError('NOT_FOUND', 'There is no test checkout here.');
  try {
    await deps.provider.complete(
      payment.providerPaymentId,
      parsed.data.outcome,
      parsed.data.method,
    );
  } catch (error) {
    if (error instanceof TestOutcomeError) throw new AppError('CONFLICT', error.message);
    throw error;
  }
  const after = await findPayment(deps.db, payment.id);
  return { status: after!.payment.status, failureMessage: after!.payment.failureMessage };
}
