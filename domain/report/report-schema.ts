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
