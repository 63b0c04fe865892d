import { z } from 'zod';
import { MAX_TOURS } from '../enums.ts';

export const tourSchema = z.object({
  kind: z.enum(['video', 'tour']),
  url: z
    .url({ protocol: /^https$/, message: 'Enter a full https:// link' })
    .max(500, 'Keep the link under 500 characters'),
  title: z.string().trim().max(80).default(''),
});

export const mediaStep = z.object({
  tours: z.array(tourSchema).max(MAX_TOURS, `Add at most ${MAX_TOURS} tours or videos`).default([]),
});
