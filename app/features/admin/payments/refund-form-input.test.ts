import { describe, expect, it } from 'vitest';
import { refundFormInput } from './refund-form-input';

describe('the refund form', () => {
  it('reads pounds as whole pence, and blank as everything that remains', () => {
    expect(
      refundFormInput.parse({ amount: '£4.5', reason: 'goodwill', idempotencyKey: 'k' }),
    ).toEqual({ amountPence: 450, reason: 'goodwill', note: '', idempotencyKey: 'k' });
    expect(refundFormInput.parse({ amount: ' ', reason: 'goodwill' }).amountPence).toBeUndefined();
  });

  it('says how to write an amount it cannot read', () => {
    const result = refundFormInput.safeParse({ amount: '4.505', reason: 'goodwill' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['amount'],
        message: 'Enter an amount in pounds and pence, like 4.50',
      }),
    ]);
  });
});
