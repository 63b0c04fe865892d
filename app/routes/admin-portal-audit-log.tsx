import { Link } from 'react-router';
import { AuditFilters, AuditTable } from '~/features/admin/audit-log/audit-log-parts';
import { auditQuery, olderPageHref } from '~/features/admin/audit-log/audit-query';
import { requireAdmin } from '../../server/auth/guards';
import { asDomainFailure } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-audit-log';

export function meta() {
  return [{ title: 'Audit log – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** Every administrator action, newest first; read-only (the table refuses updates and deletes). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const params = new URL(request.url).searchParams;
  const { values, filter } = auditQuery(params);
  try {
    const page = await context.marketplace.audit.list({ user: admin, filter });
    return {
      values,
      entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      nextHref: olderPageHref(params, page.nextBefore),
      isPaged: params.has('before'),
      fields: {},
    };
  } catch (error) {
    // A filter the use case refuses (a date that is not one) is shown beside its field.
    const failure = asDomainFailure(error);
    if (failure?.code !== 'VALIDATION_FAILED') throw error;
    return { values, entries: [], nextHref: null, isPaged: false, fields: failure.fields };
  }
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { values, entries, nextHref, isPaged, fields } = loaderData;
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Audit log</h2>
      <p>Every administrator action, newest first. Entries can never be changed or deleted.</p>
      <AuditFilters values={values} fields={fields} />
      <AuditTable entries={entries} />
      <nav aria-label="Audit log pages" className="admin-pager">
        {isPaged ? <Link to="?">Newest entries</Link> : null}
        {nextHref ? <Link to={nextHref}>Older entries</Link> : null}
      </nav>
    </section>
  );
}
