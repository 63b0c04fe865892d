import { formatNumber } from './format.ts';

/**
 * Lengths and areas in the units UK listers and buyers use: metres, feet and inches, square
 * metres and square feet. Pure arithmetic and formatting, shared by the wizard, the server and
 * the property page.
 */

export const METRES_PER_INCH = 0.0254;
export const INCHES_PER_FOOT = 12;
/** Square feet in one square metre (1 / 0.3048²). */
export const SQ_FT_PER_SQ_M = 1 / (0.3048 * 0.3048);

export interface FeetAndInches {
  feet: number;
  inches: number;
}

/** Feet and inches (inches may be fractional or 12 and over) as metres. */
export function metresFromFeetAndInches(feet: number, inches = 0): number {
  return (feet * INCHES_PER_FOOT + inches) * METRES_PER_INCH;
}

/**
 * Metres as whole feet and inches, rounded to the nearest inch (or to 1/`partsPerInch` of one):
 * an inch that rounds up to 12 carries into the feet (3.9624 m is 12′ 11.99″, written 13′ 0″).
 */
export function feetAndInchesFromMetres(metres: number, partsPerInch = 1): FeetAndInches {
  const parts = Math.round((metres / METRES_PER_INCH) * partsPerInch);
  const partsPerFoot = INCHES_PER_FOOT * partsPerInch;
  const feet = Math.floor(parts / partsPerFoot);
  return { feet, inches: (parts - feet * partsPerFoot) / partsPerInch };
}

export function squareFeetFromSquareMetres(squareMetres: number): number {
  return squareMetres * SQ_FT_PER_SQ_M;
}

export function squareMetresFromSquareFeet(squareFeet: number): number {
  return squareFeet / SQ_FT_PER_SQ_M;
}

/** Metres rounded to the millimetre, as lengths are stored. */
export function roundToMillimetre(metres: number): number {
  return Math.round(metres * 1000) / 1000;
}

/** '4.20 m': two decimal places, as room sizes are written. */
export function formatMetres(metres: number): string {
  return `${formatNumber(metres, 2, 2)} m`;
}

/** '13′ 9″' (primes, not quotes), to the nearest inch. */
export function formatFeetAndInches(metres: number): string {
  const { feet, inches } = feetAndInchesFromMetres(metres);
  return `${feet}′ ${inches}″`;
}

/** A room's size in both units: '4.20 m × 3.10 m (13′ 9″ × 10′ 2″)'. */
export function formatRoomSize(lengthM: number, widthM: number): string {
  return `${formatMetres(lengthM)} × ${formatMetres(widthM)} (${formatFeetAndInches(lengthM)} × ${formatFeetAndInches(widthM)})`;
}

/** An area in both units, square feet first: '1,050 sq ft (98 m²)'; whole units. */
export function formatArea(squareMetres: number): string {
  const squareFeet = squareFeetFromSquareMetres(squareMetres);
  return `${formatNumber(Math.round(squareFeet))} sq ft (${formatNumber(Math.round(squareMetres))} m²)`;
}
