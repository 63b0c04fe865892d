/**
 * What a form's action (or a filter's loader) hands back after a failed submission: the values
 * as typed and each field's message, keyed by the field's `name`.
 */
export interface FormEcho {
  values?: Readonly<Record<string, string | undefined>> | undefined;
  fields?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * The props that put a failed submission back into one field (`TextField`, `SelectField`): its
 * name, what was typed (else `fallback`) and its message, so nothing typed is lost. `errorKey` is
 * where the message is when the schema's path differs from the form's name (`audience.channel`).
 */
export function echo(
  result: FormEcho | null | undefined,
  name: string,
  fallback?: string,
  errorKey: string = name,
) {
  return {
    name,
    defaultValue: result?.values?.[name] ?? fallback,
    error: result?.fields?.[errorKey],
  };
}
