import { z } from 'zod';
import { poundsToPence } from '@domain/payments/pounds-input';

/**
 * The refund form as typed: the amount in pounds (blank: everything that remains) becomes whole
 * pence for the use case, which checks the rest with `refundInput` (domain/payments).
 */
export const refundFormInput = z
  .object({
    amount: z
      .string()
      .default('')
      .transform((text, context) => {
        const pence = poundsToPence(text);
        if (pence !== 'invalid') return pence;
        context.addIssue({
          code: 'custom',
          message: 'Enter an amount in pounds and pence, like 4.50',
        });
        return z.NEVER;
      }),
    reason: z.string().default(''),
    note: z.string().default(''),
    idempotencyKey: z.string().optional(),
  })
  .transform(({ amount, ...rest }) => ({ amountPence: amount, ...rest }));
