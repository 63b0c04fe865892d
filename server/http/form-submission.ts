import { data } from 'react-router';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation/field-errors';

/**
 * The one way page actions read a form: the submitted text fields checked by the same zod schema
 * the service uses, failures in the shape every page renders (`error` plus one message per
 * field), and one answer for a form whose `intent` the page does not know.
 */

/** A form's text fields; a name sent more than once (checkboxes) becomes a list. Files are left out. */
export type FormValues = Record<string, string | string[]>;

export function formValues(formData: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, entry] of formData) {
    if (typeof entry !== 'string') continue;
    const previous = values[name];
    if (previous === undefined) values[name] = entry;
    else values[name] = Array.isArray(previous) ? [...previous, entry] : [previous, entry];
  }
  return values;
}

/** Every text field as one string (the first sent under its name): to refill a form, say. */
export function formTexts(formData: FormData): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, entry] of formData) {
    if (typeof entry === 'string' && !Object.hasOwn(texts, name)) texts[name] = entry;
  }
  return texts;
}

/** One text field: the first value sent under `name`, or '' when there is none. */
export function formText(formData: FormData, name: string): string {
  const entry = formData.get(name);
  return typeof entry === 'string' ? entry : '';
}

export type FormParse<T> =
  { ok: true; value: T } | { ok: false; error: string; fields: FieldErrors };

export const CHECK_THE_FORM = 'Check the form: some answers need changing.';

export function parseForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
): FormParse<z.output<S>> {
  const result = schema.safeParse(formValues(formData));
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: CHECK_THE_FORM, fields: fieldErrorsOf(result.error) };
}

/** What an action returns when the form fails its schema: `extra` (say the values) and the messages, 422. */
export function invalidForm<Extra extends object>(
  failure: { error: string; fields: FieldErrors },
  extra: Extra,
) {
  return data({ ...extra, error: failure.error, fields: failure.fields }, { status: 422 });
}

export const UNKNOWN_INTENT = 'This form is out of date. Reload the page and try again.';

type IntentHandlers<R> = Record<string, (formData: FormData) => R | Promise<R>>;

/**
 * Runs the handler named by the form's `intent` field. A form with no handler (an old page, or a
 * hand-made request) gets 400 and one plain message, the same on every page.
 */
export async function dispatchIntent<R>(
  formData: FormData,
  handlers: IntentHandlers<R>,
): Promise<R> {
  const intent = formText(formData, 'intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw data({ error: UNKNOWN_INTENT, fields: {} }, { status: 400 });
  return handler(formData);
}
