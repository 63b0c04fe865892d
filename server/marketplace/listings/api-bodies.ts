import { z } from 'zod';

/**
 * The request bodies the listings API parses itself (the use cases parse the others). Kept apart
 * from api.ts so the OpenAPI document can import them without importing the routes.
 */

/** `PUT /drafts/:id/steps/:step`: one wizard step's fields, and where the wizard goes next. */
export const draftStepBody = z.object({
  fields: z.record(z.string(), z.unknown()).default({}),
  nextStep: z.number().int().min(1).max(20).optional(),
});

/** `POST /favourites/merge`: the browser's favourites (ids as strings or numbers). */
export const favouritesMergeBody = z.object({
  ids: z.array(z.union([z.string(), z.number()])).max(500),
});
