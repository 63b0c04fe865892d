import { z } from 'zod';
import { normaliseText } from '../text.ts';

/** What an administrator may do about a reported listing. */
export const MODERATION_DECISIONS = ['dismiss', 'pause', 'remove'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
/** What a decision did, as recorded. */
export const MODERATION_OUTCOMES = ['dismissed', 'paused', 'removed'] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];

/**
 * One decision on a listing's open reports. Pausing or removing tells the lister why, so a
 * reason is required; for a dismissal it is an optional note for the record.
 */
export const moderationDecisionSchema = z
  .object({
    decision: z.enum(MODERATION_DECISIONS, { message: 'Choose what to do' }),
    reason: z
      .string()
      .transform(normaliseText)
      .pipe(z.string().max(2000, 'Keep the reason under 2,000 characters'))
      .default(''),
  })
  .superRefine((value, context) => {
    if (value.decision !== 'dismiss' && value.reason.length < 10) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Tell the lister why (at least 10 characters); it is e-mailed to them',
      });
    }
  });
export type ModerationDecisionInput = z.infer<typeof moderationDecisionSchema>;
