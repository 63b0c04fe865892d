import type { z } from 'zod';
import { letRuleIssues, type LetContext } from '../lettings/check-let.ts';
import { LET_RULES_BY_NATION } from '../lettings/rules-by-nation.ts';
import { fieldErrorsOf, type FieldErrors } from '../validation/field-errors.ts';
import { addressStep } from './steps/address-step.ts';
import { detailsStep } from './steps/details-step.ts';
import { materialStep } from './steps/material-step.ts';
import { mediaStep } from './steps/media-step.ts';
import { priceStep } from './steps/price-step.ts';
import { typeStep } from './steps/type-step.ts';

/** A whole listing: every wizard step at once (publish, API create and update). */
export const fullListingSchema = typeStep
  .extend(addressStep.shape)
  .extend(detailsStep.shape)
  .extend(mediaStep.shape)
  .and(materialStep)
  .and(priceStep);
export type ListingInput = z.infer<typeof fullListingSchema>;

/**
 * The whole listing against every step's schema and, for a let, the rules of its nation: the
 * server passes the nation it placed the postcode in, so nothing unlawful is published.
 */
export function validateListing(
  data: Record<string, unknown>,
  context: LetContext = {},
): { success: true; data: ListingInput } | { success: false; fields: FieldErrors } {
  const result = fullListingSchema.safeParse(data);
  const fields = result.success ? {} : fieldErrorsOf(result.error);
  const isLet = (result.success ? result.data.channel : data.channel) === 'rent';
  if (isLet) {
    const checked = result.success ? result.data : data;
    for (const [field, message] of Object.entries(letRuleIssues(checked, context))) {
      fields[field] ??= message;
    }
  }
  if (!result.success || Object.keys(fields).length > 0) return { success: false, fields };
  const listing = { ...result.data };
  // Where tenants may ask to keep a pet, the advert says pets are considered on request.
  if (isLet && context.nation && LET_RULES_BY_NATION[context.nation].petsOnRequest) {
    listing.petsConsidered = true;
  }
  return { success: true, data: listing };
}
