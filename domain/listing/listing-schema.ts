import type { z } from 'zod';
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

export function validateListing(
  data: Record<string, unknown>,
): { success: true; data: ListingInput } | { success: false; fields: FieldErrors } {
  const result = fullListingSchema.safeParse(data);
  if (!result.success) return { success: false, fields: fieldErrorsOf(result.error) };
  return { success: true, data: result.data };
}
