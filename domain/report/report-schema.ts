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

/** 'Report this listing': a reason, and details when the reason is 'something else'. */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason' }),
    details: z
      .string()
      .transform(normaliseText)
      .pipe(z.string().max(2000, 'Keep the details under 2,000 characters'))
      .default(''),
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
  .superRefine((value, context) => {
    if (value.reason === 'other' && value.details.length < 10) {
      context.addIssue({
        code: 'custom',
        path: ['details'],
        message: 'Tell us what is wrong (at least 10 characters)',
      });
    }
  });

/** The reasons that fit one message in a conversation (a subset of the listing reasons). */
export const MESSAGE_REPORT_REASONS = ['scam', 'offensive', 'discrimination', 'other'] as const;

/** 'Report this message': a reason and, for 'something else', what is wrong. */
export const messageReportSchema = z
  .object({
    reason: z.enum(MESSAGE_REPORT_REASONS, { message: 'Choose a reason' }),
    details: z
      .string()
      .transform(normaliseText)
      .pipe(z.string().max(2000, 'Keep the note under 2,000 characters'))
      .default(''),
  })
  .superRefine((value, context) => {
    if (value.reason === 'other' && value.details.length < 10) {
      context.addIssue({
        code: 'custom',
        path: ['details'],
        message: 'Tell us what is wrong (at least 10 characters)',
      });
    }
  });
