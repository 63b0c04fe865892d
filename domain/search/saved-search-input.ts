import { z } from 'zod';
import { ALERT_FREQUENCIES } from './alert-frequencies.ts';
import { MAX_SAVED_SEARCH_NAME_LENGTH } from './saved-search-limits.ts';

/**
 * What a saved search is given, when saved and when changed: the pages' forms, the API and the
 * use cases (server/marketplace/alerts/saved-searches.ts) check it with these same schemas.
 */

const name = z
  .string()
  .trim()
  .min(1, 'Give your search a name')
  .max(MAX_SAVED_SEARCH_NAME_LENGTH, `Use at most ${MAX_SAVED_SEARCH_NAME_LENGTH} characters`);
const frequency = z.enum(ALERT_FREQUENCIES);

/** What a saved search looks for: the channel, a town page's slug, and the search URL's query. */
export const savedSearchCriteria = z.object({
  channel: z.enum(['sale', 'rent']),
  placeSlug: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional(),
  params: z.string().max(2000).default(''),
});

export const saveSearchInput = savedSearchCriteria.extend({
  name,
  frequency: frequency.default('daily'),
});

/** A change to a saved search: any of its name, alert frequency and criteria (given whole). */
export const updateSavedSearchInput = z.object({
  name: name.optional(),
  frequency: frequency.optional(),
  criteria: savedSearchCriteria.optional(),
});
