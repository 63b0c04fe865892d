import { z } from 'zod';

/**
 * The promo-code rule, once: what an administrator may create and what a buyer may type at
 * checkout. Codes are compared trimmed and upper-cased, so buyers may type them in any case.
 */
export const PROMO_CODE_MAX_LENGTH = 32;

/** A new code: 3 to 32 letters, digits, - or _, starting with a letter or digit. */
export const newPromoCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'Use 3 to 32 letters, digits, - or _');

/** A buyer's code as typed at checkout; blank means none. */
export const typedPromoCode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
  z
    .string()
    .max(PROMO_CODE_MAX_LENGTH, `Promo codes are at most ${PROMO_CODE_MAX_LENGTH} characters`)
    .optional(),
);
