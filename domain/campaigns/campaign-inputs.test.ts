import { describe, expect, it } from 'vitest';
import { parseLondonDateTime, promoCodeInput } from './campaign-inputs.ts';

describe('campaign inputs', () => {
  it('reads datetime-local values as UK time, summer and winter', () => {
    expect(parseLondonDateTime('2026-07-01T09:30').toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(parseLondonDateTime('2026-12-01T09:30').toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(parseLondonDateTime('2026-12-01T09:30:00Z').toISOString()).toBe(
      '2026-12-01T09:30:00.000Z',
    );
  });

  it('upper-cases codes and needs the amount for the chosen kind', () => {
    expect(
      promoCodeInput.parse({ code: ' spring-25 ', kind: 'percent', percentOff: '25' }),
    ).toMatchObject({
      code: 'SPRING-25',
      percentOff: 25,
      productCodes: [],
      isOncePerUser: false,
    });
    // Blank optional fields from the form are 'not given'.
    expect(
      promoCodeInput.safeParse({
        code: 'BLANKS',
        kind: 'percent',
        percentOff: '20',
        amountOff: '',
        validFrom: '',
        maxUses: '',
      }).success,
    ).toBe(true);
    const missing = promoCodeInput.safeParse({ code: 'TENOFF', kind: 'amount' });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toContain('amountOff');
    const backwards = promoCodeInput.safeParse({
      code: 'WINDOW',
      kind: 'percent',
      percentOff: '5',
      validFrom: '2026-12-02T00:00',
      validTo: '2026-12-01T00:00',
    });
    expect(backwards.error?.issues.map((issue) => issue.path.join('.'))).toContain('validTo');
  });
});
