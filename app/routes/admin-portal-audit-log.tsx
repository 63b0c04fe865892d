import { Form, Link } from 'react-router';
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_TARGETS,
  type AdminAuditAction,
} from '@domain/admin/audit-actions';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { requireAdmin } from '../../server/auth/guards';
import { AppError } from '../../server/http/app-error';
import type { Route } from './+types/admin-portal-audit-log';

export function meta() {
  return [{ title: 'Audit log – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

const FILTERS = ['action', 'targetType', 'targetId', 'actor', 'from', 'to'] as const;

/** Every administrator action, newest first; read-only (the table refuses updates and deletes). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? '']),
  ) as Record<(typeof FILTERS)[number], string>;
  const filter = {
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')),
    ...(params.get('before') ? { before: params.get('before') } : {}),
    limit: 50,
  };
  try {
    const page = await context.marketplace.audit.list({ user: admin, filter });
    const next = new URLSearchParams(params);
    if (page.nextBefore) next.set('before', String(page.nextBefore));
    return {
      values,
      entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      nextHref: page.nextBefore ? `?${next.toString()}` : null,
      isPaged: params.has('before'),
      fields: {} as Record<string, string>,
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
    return {
      values,
      entries: [],
      nextHref: null,
      isPaged: false,
      fields: error.fields ?? {},
    };
  }
}

const labelOfAction = (action: string) =>
  ADMIN_AUDIT_ACTION_LABELS[action as AdminAuditAction] ?? action;

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { values, entries, nextHref, isPaged, fields } = loaderData;
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Audit log</h2>
      <p>Every administrator action, newest first. Entries can never be changed or deleted.</p>
      <Form method="get" className="form-row admin-filters" aria-label="Filter the audit log">
        <SelectField
          id="audit-action"
          name="action"
          label="Action"
          options={ADMIN_AUDIT_ACTIONS.map((a) => [a, ADMIN_AUDIT_ACTION_LABELS[a]] as const)}
          placeholder="Any action"
          defaultValue={values.action}
        />
        <SelectField
          id="audit-target-type"
          name="targetType"
          label="Target"
          options={ADMIN_AUDIT_TARGETS.map((t) => [t, t] as const)}
          placeholder="Any target"
          defaultValue={values.targetType}
        />
        <TextField
          id="audit-target-id"
          name="targetId"
          label="Target id"
          defaultValue={values.targetId}
          autoComplete="off"
        />
        <TextField
          id="audit-actor"
          name="actor"
          label="Administrator (e-mail or id)"
          defaultValue={values.actor}
          autoComplete="off"
        />
        <TextField
          id="audit-from"
          name="from"
          type="date"
          label="From"
          defaultValue={values.from}
          error={fields.from}
        />
        <TextField
          id="audit-to"
          name="to"
          type="date"
          label="To"
          defaultValue={values.to}
          error={fields.to}
        />
        <Button type="submit">Filter</Button>
      </Form>
      {entries.length === 0 ? (
        <p className="empty-state" role="status">
          No entries match.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption>Audit log entries</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td>{entry.actorEmail ?? entry.actorSub}</td>
                  <td>{labelOfAction(entry.action)}</td>
                  <td>
                    {entry.targetType === 'user' ? (
                      <Link to={`/admin-portal/user-information/${entry.targetId}`}>
                        user {entry.targetId}
                      </Link>
                    ) : (
                      `${entry.targetType} ${entry.targetId}`
                    )}
                  </td>
                  <td className="moderation-log__reason">{entry.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Audit log pages" className="admin-pager">
        {isPaged ? <Link to="?">Newest entries</Link> : null}
        {nextHref ? <Link to={nextHref}>Older entries</Link> : null}
      </nav>
    </section>
  );
}
