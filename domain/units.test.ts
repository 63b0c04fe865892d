import { describe, expect, it } from 'vitest';
import {
  feetAndInchesFromMetres,
  formatArea,
  formatFeetAndInches,
  formatMetres,
  formatRoomSize,
  metresFromFeetAndInches,
  roundToMillimetre,
  squareFeetFromSquareMetres,
  squareMetresFromSquareFeet,
} from './units.ts';

describe('lengths', () => {
  it('converts feet and inches to metres', () => {
    expect(metresFromFeetAndInches(1)).toBeCloseTo(0.3048, 10);
    expect(metresFromFeetAndInches(13, 9)).toBeCloseTo(4.191, 10);
    expect(metresFromFeetAndInches(0, 14)).toBeCloseTo(metresFromFeetAndInches(1, 2), 10);
  });

  it('converts metres to whole feet and inches, carrying a rounded-up inch into the feet', () => {
    expect(feetAndInchesFromMetres(4.2)).toEqual({ feet: 13, inches: 9 });
    expect(feetAndInchesFromMetres(3.1)).toEqual({ feet: 10, inches: 2 });
    // 9.99 in rounds to 10 in; 11.99 in rounds to 12 in, which is a foot.
    expect(feetAndInchesFromMetres(metresFromFeetAndInches(5, 9.99))).toEqual({
      feet: 5,
      inches: 10,
    });
    expect(feetAndInchesFromMetres(metresFromFeetAndInches(12, 11.99))).toEqual({
      feet: 13,
      inches: 0,
    });
    expect(feetAndInchesFromMetres(metresFromFeetAndInches(7, 11.4))).toEqual({
      feet: 7,
      inches: 11,
    });
  });

  it('round-trips every whole inch up to 50 m through millimetres', () => {
    for (let totalInches = 20; totalInches <= 1968; totalInches += 1) {
      const feet = Math.floor(totalInches / 12);
      const inches = totalInches % 12;
      const stored = roundToMillimetre(metresFromFeetAndInches(feet, inches));
      expect(feetAndInchesFromMetres(stored)).toEqual({ feet, inches });
    }
  });

  it('rounds to the millimetre', () => {
    expect(roundToMillimetre(4.19100000001)).toBe(4.191);
    expect(roundToMillimetre(0.0005)).toBe(0.001);
  });
});

describe('areas', () => {
  it('converts square metres and square feet both ways', () => {
    expect(squareFeetFromSquareMetres(1)).toBeCloseTo(10.7639, 4);
    expect(squareMetresFromSquareFeet(10.7639104)).toBeCloseTo(1, 6);
    expect(squareMetresFromSquareFeet(squareFeetFromSquareMetres(97.5))).toBeCloseTo(97.5, 10);
  });
});

describe('formatting', () => {
  it('writes metres with two decimals and feet and inches with primes', () => {
    expect(formatMetres(4.2)).toBe('4.20 m');
    expect(formatMetres(12.345)).toBe('12.35 m');
    expect(formatFeetAndInches(4.2)).toBe('13′ 9″');
    expect(formatFeetAndInches(metresFromFeetAndInches(9, 11.99))).toBe('10′ 0″');
  });

  it('writes a room size in both units', () => {
    expect(formatRoomSize(4.2, 3.1)).toBe('4.20 m × 3.10 m (13′ 9″ × 10′ 2″)');
  });

  it('writes an area in square feet and square metres', () => {
    expect(formatArea(97.5)).toBe('1,049 sq ft (98 m²)');
    expect(formatArea(4.2 * 3.1)).toBe('140 sq ft (13 m²)');
  });
});
