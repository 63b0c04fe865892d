import { z } from 'zod';
import { letRuleIssues, type LetContext } from '../lettings/check-let.ts';
import { fieldErrorsOf, type FieldErrors } from '../validation/field-errors.ts';
import { addressStep } from './steps/address-step.ts';
import { detailsStep } from './steps/details-step.ts';
import { materialStep } from './steps/material-step.ts';
import { mediaStep } from './steps/media-step.ts';
import { priceStep } from './steps/price-step.ts';
import { typeStep } from './steps/type-step.ts';

/** The wizard's steps in order: each checked on its own as the lister goes, and all on publish. */
export const WIZARD_STEPS = [
  { step: 1, key: 'type', title: 'Type and channel', schema: typeStep },
  { step: 2, key: 'address', title: 'Address and location', schema: addressStep },
  { step: 3, key: 'details', title: 'Details', schema: detailsStep },
  { step: 4, key: 'material', title: 'Material information', schema: materialStep },
  { step: 5, key: 'media', title: 'Photos and media', schema: mediaStep },
  { step: 6, key: 'price', title: 'Price', schema: priceStep },
  { step: 7, key: 'review', title: 'Review and publish', schema: z.object({}) },
] as const;
export const LAST_STEP = WIZARD_STEPS.length;
export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

/** The fields a step saves: its schema's keys, so the browser sends what the server checks. */
export function stepFields(step: number): string[] {
  const definition = WIZARD_STEPS.find((entry) => entry.step === step);
  return definition ? Object.keys(definition.schema.shape) : [];
}

/**
 * Validates one step's fields of the draft. A let's fields are also checked against the rules of
 * its nation (`context.nation`, known once the server has placed the postcode).
 */
export function validateStep(
  step: number,
  data: Record<string, unknown>,
  context: LetContext = {},
): { success: true; data: Record<string, unknown> } | { success: false; fields: FieldErrors } {
  const definition = WIZARD_STEPS.find((entry) => entry.step === step);
  if (!definition) return { success: false, fields: { _form: 'Unknown step' } };
  const result = (definition.schema as z.ZodType).safeParse(data);
  const fields = result.success ? {} : fieldErrorsOf(result.error);
  if (data.channel === 'rent') {
    const own = new Set(stepFields(step));
    const checked = result.success ? (result.data as Record<string, unknown>) : data;
    for (const [field, message] of Object.entries(letRuleIssues(checked, context))) {
      if (own.has(field)) fields[field] ??= message;
    }
  }
  if (!result.success || Object.keys(fields).length > 0) return { success: false, fields };
  return { success: true, data: result.data as Record<string, unknown> };
}
