import { describe, expect, it } from 'vitest';
import { poundsToPence } from './pounds-input.ts';

describe('amounts typed in pounds', () => {
  it('become whole pence without floating-point drift', () => {
    expect(poundsToPence('4')).toBe(400);
    expect(poundsToPence('4.5')).toBe(450);
    expect(poundsToPence(' £4.50 ')).toBe(450);
    expect(poundsToPence('0.29')).toBe(29);
    expect(poundsToPence('1.15')).toBe(115);
  });

  it('are optional and refuse anything that is not money', () => {
    expect(poundsToPence('')).toBeUndefined();
    expect(poundsToPence(undefined)).toBeUndefined();
    for (const bad of ['4.505', '-1', '1e3', 'four', '4,50']) {
      expect(poundsToPence(bad)).toBe('invalid');
    }
  });
});
