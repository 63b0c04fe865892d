import { isValid as isValidPostcode, toNormalised } from 'postcode';
import { z } from 'zod';
import { formatNumber } from '../format.ts';
import { poundsFromInput } from '../price-input.ts';
import { SHORT_CONTACT_MARKER } from '../listing/contact-marker.ts';
import {
  normaliseText,
  replaceContactDetails,
  stripContactDetails,
  unlawfulWordingReason,
} from '../text.ts';

/** The field types forms share: each gives its own plain-English message. */

/**
 * Listing text: normalised, contact details replaced by `contactMarker` (the light patterns;
 * the server runs the full detector again when it saves), unlawful wording refused.
 */
export const listingText = (
  label: string,
  min: number,
  max: number,
  contactMarker = SHORT_CONTACT_MARKER,
) =>
  z
    .string({ message: `Enter the ${label}` })
    .transform((value) => replaceContactDetails(normaliseText(value), contactMarker))
    .pipe(
      z
        .string()
        .min(min, `The ${label} must be at least ${min} characters`)
        .max(max, `The ${label} must be at most ${max} characters`)
        .refine((value) => !unlawfulWordingReason(value), {
          error: (issue) => unlawfulWordingReason(String(issue.input)) ?? 'Not allowed',
        }),
    );

export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Keep this under ${max} characters`)
    .transform((value) => stripContactDetails(normaliseText(value)))
    .optional();

/** '1,050' or '1 050' as people type a number with its thousands grouped; anything else as given. */
function withoutDigitGrouping(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return /^\d{1,3}(?:[,\s]\d{3})+$/.test(trimmed) ? trimmed.replace(/[,\s]/g, '') : trimmed;
}

export const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    withoutDigitGrouping,
    z.coerce
      .number({ message: `Enter the ${label} as a number` })
      .int(`Enter the ${label} as a whole number`)
      .min(min, `The ${label} must be at least ${formatNumber(min)}`)
      .max(max, `The ${label} must be at most ${formatNumber(max)}`),
  );

/** A number that may be left blank (an empty form field is 'not given', not zero). */
export const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber(label, min, max).optional(),
  );

/** An amount in pounds as people type it ('£325,000', '325k', '£1.2m', '1,250 pcm'). */
export const pounds = (label: string, min: number, max: number) =>
  z.preprocess(poundsFromInput, wholeNumber(label, min, max));

/** An amount in pounds that may be left blank. */
export const optionalPounds = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : poundsFromInput(value)),
    wholeNumber(label, min, max).optional(),
  );

/** A checkbox as forms ('on'), JSON (true) and query strings ('true') send it. */
export const checkbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.boolean(),
);

/** A UK postcode, normalised (`sw1a1aa` → `SW1A 1AA`). */
export const postcodeSchema = z
  .string({ message: 'Enter the postcode' })
  .trim()
  .refine((value) => isValidPostcode(value), 'Enter a real UK postcode, such as SW1A 1AA')
  .transform((value) => toNormalised(value)!);
