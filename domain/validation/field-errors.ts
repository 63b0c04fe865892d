import type { z } from 'zod';

/** Field name (a dotted path) → the first message for it; `_form` for the form as a whole. */
export type FieldErrors = Record<string, string>;

/** zod issues → `{ 'deposit': 'The deposit can be at most…' }`, first message per field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}
