import { Form, Link } from 'react-router';
import type { UserAction } from '@domain/admin/user-actions';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { actionLabel, type UserPageResult } from './user-page-result';

interface UserActionsFormProps {
  who: string;
  available: readonly UserAction[];
  result: UserPageResult | undefined;
  isBusy: boolean;
}

/** Two steps: choose an action with a reason, then confirm it. */
export function UserActionsForm({ who, available, result, isBusy }: UserActionsFormProps) {
  if (result?.intent === 'confirm' && result.values) {
    return (
      <Form method="post" className="admin-confirm" aria-labelledby="confirm-title">
        <div className="alert alert--warning" role="alert">
          <p id="confirm-title">
            <strong>Confirm:</strong> {actionLabel(result.values.action)} for {who}?
          </p>
          <p>Reason: {result.values.reason}</p>
        </div>
        <input type="hidden" name="intent" value="act" />
        <input type="hidden" name="action" value={result.values.action} />
        <input type="hidden" name="reason" value={result.values.reason} />
        <Button type="submit" disabled={isBusy} autoFocus>
          Confirm
        </Button>{' '}
        <Link to=".">Cancel</Link>
      </Form>
    );
  }
  const fieldError = (name: string) =>
    result?.intent !== 'erase' ? result?.fields?.[name] : undefined;
  return (
    <Form method="post" className="admin-action-form">
      <input type="hidden" name="intent" value="review" />
      <SelectField
        id="user-action"
        name="action"
        label="Action"
        options={available.map((action) => [action, actionLabel(action) ?? action] as const)}
        placeholder="Choose an action"
        defaultValue={result?.values?.action ?? ''}
        required
        error={fieldError('action')}
      />
      <Field
        id="user-action-reason"
        label="Reason (kept in the audit log)"
        error={fieldError('reason')}
      >
        {(control) => (
          <textarea
            {...control}
            name="reason"
            rows={2}
            required
            minLength={3}
            maxLength={500}
            defaultValue={result?.values?.reason ?? ''}
          />
        )}
      </Field>
      <Button type="submit" disabled={isBusy}>
        Continue
      </Button>
    </Form>
  );
}
