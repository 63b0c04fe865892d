/** The audit log's filters, as named in its form and its address. */
export const AUDIT_FILTERS = ['action', 'targetType', 'targetId', 'actor', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];

export const AUDIT_PAGE_SIZE = 50;

/**
 * Reads the audit log's address: the filters as typed (to fill the form again) and what to ask
 * the use case for (blank filters left out; `before` pages back). The use case checks the values.
 */
export function auditQuery(params: URLSearchParams) {
  const read = (name: AuditFilterName) => params.get(name) ?? '';
  const values: Record<AuditFilterName, string> = {
    action: read('action'),
    targetType: read('targetType'),
    targetId: read('targetId'),
    actor: read('actor'),
    from: read('from'),
    to: read('to'),
  };
  const filter: Record<string, string | number> = {};
  for (const name of AUDIT_FILTERS) if (values[name] !== '') filter[name] = values[name];
  const before = params.get('before');
  if (before) filter.before = before;
  filter.limit = AUDIT_PAGE_SIZE;
  return { values, filter };
}

/** The address of the next (older) page: the same filters, before the last entry shown. */
export function olderPageHref(params: URLSearchParams, nextBefore: number | undefined) {
  if (!nextBefore) return null;
  const next = new URLSearchParams(params);
  next.set('before', String(nextBefore));
  return `?${next.toString()}`;
}
