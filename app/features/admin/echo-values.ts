/**
 * The single-valued fields of a submitted form, to put back into its fields after a failure
 * (`echo` in ~/components/ui/form-echo). Lists (ticked boxes) are left out: each box keeps its own
 * default.
 */
export function echoValues(
  values: Readonly<Record<string, string | readonly string[]>>,
): Record<string, string> {
  const single: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') single[name] = value;
  }
  return single;
}
