import { refundInput } from '../../../domain/payments/payment-inputs.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { makeRefund, type RefundDeps } from './make-refund.ts';
import { assertPaymentsAdmin } from './require-payments-admin.ts';
import type { Refund } from './schema.ts';

/**
 * An administrator refunds all or part of a payment: capped at what remains, with a reason from
 * the list and a note, recorded with the administrator's id. A full refund ends the upgrades.
 */
export async function refundPayment(
  deps: RefundDeps,
  options: { user: SessionUser | null; paymentId: number; input: unknown; now?: Date },
): Promise<Refund> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = refundInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const input = parsed.data;
  return makeRefund(deps, {
    paymentId: options.paymentId,
    amountPence: input.amountPence,
    reason: input.reason,
    note: input.note,
    requestedBy: admin.userId,
    requesterEmail: admin.email ?? null,
    admin,
    idempotencyKey: input.idempotencyKey,
    now: options.now ?? new Date(),
  });
}
