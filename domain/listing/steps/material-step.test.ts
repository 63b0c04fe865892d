import { describe, expect, it } from 'vitest';
import { materialStep } from './material-step.ts';

const base = { channel: 'sale', tenure: 'freehold', councilTaxBand: 'C', epcRating: 'D' };

describe('the EPC potential rating', () => {
  it('is optional, and kept when given', () => {
    expect(materialStep.safeParse(base).success).toBe(true);
    expect(materialStep.parse({ ...base, epcPotential: 'B' }).epcPotential).toBe('B');
  });

  it('cannot be worse than the current rating', () => {
    const result = materialStep.safeParse({ ...base, epcPotential: 'F' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['epcPotential'],
      message: 'The potential rating cannot be worse than the current one',
    });
  });
});
