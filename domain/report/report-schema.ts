import { z } from 'zod';
import { normaliseText } from '../text.ts';

export const REPORT_REASONS = [
  'scam',
  'unavailable',
  'wrong_information',
  'offensive',
  'duplicate',
  'discrimination',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Free text about what is wrong, normalised, at most 2,000 characters. */
const detailsField = (tooLong: string) =>
  z.string().transform(normaliseText).pipe(z.string().max(2000, tooLong)).default('');

/** 'Something else' needs a few words of what is wrong; the other reasons speak for themselves. */
function requireDetailsForOther(
  value: { reason: string; details: string },
  context: z.RefinementCtx,
) {
  if (value.reason === 'other' && value.details.length < 10) {
    context.addIssue({
      code: 'custom',
      path: ['details'],
      message: 'Tell us what is wrong (at least 10 characters)',
    });
  }
}

/** 'Report this listing': a reason, and details when the reason is 'something else'. */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason' }),
    details: detailsField('Keep the details under 2,000 characters'),
    /**
     * Where to tell a signed-out reporter the outcome (Online Safety Act): optional. Signed-in
     * reporters are told at their account's address.
     */
    email: z
      .union([
        z.literal(''),
        z.email({ message: 'Enter a valid e-mail address, or leave it empty' }).trim().max(200),
      ])
      .default(''),
  })
  .superRefine(requireDetailsForOther);

/** The reasons that fit one message in a conversation (a subset of the listing reasons). */
export const MESSAGE_REPORT_REASONS = ['scam', 'offensive', 'discrimination', 'other'] as const;

/** 'Report this message': a reason and, for 'something else', what is wrong. */
export const messageReportSchema = z
  .object({
    reason: z.enum(MESSAGE_REPORT_REASONS, { message: 'Choose a reason' }),
    details: detailsField('Keep the note under 2,000 characters'),
  })
  .superRefine(requireDetailsForOther);
