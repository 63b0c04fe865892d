import { Form, Link } from 'react-router';
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_TARGETS,
  type AdminAuditAction,
} from '@domain/admin/audit-actions';
import { formatDateTime } from '@domain/format';
import { DataTable, type Column } from '~/components/data-table';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import type { AuditFilterName } from './audit-query';

interface AuditFiltersProps {
  values: Record<AuditFilterName, string>;
  fields: Record<string, string>;
}

/** Action, target, target id, administrator and London dates, sent in the address. */
export function AuditFilters({ values, fields }: AuditFiltersProps) {
  return (
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
  );
}

export interface AuditRow {
  id: number;
  at: string;
  actorSub: string;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
}

const labelOfAction = (action: string) =>
  Object.hasOwn(ADMIN_AUDIT_ACTION_LABELS, action)
    ? ADMIN_AUDIT_ACTION_LABELS[action as AdminAuditAction]
    : action;

const AUDIT_COLUMNS: readonly Column<AuditRow>[] = [
  {
    header: 'When',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  { header: 'Who', cell: (entry) => entry.actorEmail ?? entry.actorSub },
  { header: 'What', cell: (entry) => labelOfAction(entry.action) },
  {
    header: 'Target',
    cell: (entry) =>
      entry.targetType === 'user' ? (
        <Link to={`/admin-portal/user-information/${entry.targetId}`}>user {entry.targetId}</Link>
      ) : (
        `${entry.targetType} ${entry.targetId}`
      ),
  },
  { header: 'Reason', cell: (entry) => entry.reason || '—', className: 'moderation-log__reason' },
];

export function AuditTable({ entries }: { entries: readonly AuditRow[] }) {
  if (entries.length === 0) {
    return (
      <p className="empty-state" role="status">
        No entries match.
      </p>
    );
  }
  return (
    <DataTable
      rows={entries}
      rowKey={(entry) => entry.id}
      className="admin-table"
      caption="Audit log entries"
      rowTestId="audit-entry"
      columns={AUDIT_COLUMNS}
    />
  );
}
