import { z } from 'zod';
import { normaliseText } from '../text.ts';

/**
 * A lister's appeal against a moderation pause or removal (Online Safety Act complaints
 * route): once per decision, in their own words.
 */
export const appealSchema = z.object({
  statement: z
    .string()
    .transform(normaliseText)
    .pipe(
      z
        .string()
        .min(20, 'Tell us why the decision was wrong (at least 20 characters)')
        .max(2000, 'Keep your appeal under 2,000 characters'),
    ),
});

export const APPEAL_STATUSES = ['open', 'upheld', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
