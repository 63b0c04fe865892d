import { Form } from 'react-router';
import { formatPence } from '@domain/format';
import { ADMIN_REFUND_REASONS, REFUND_REASON_LABELS } from '@domain/payments/refunds';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';

/** A refund that was refused, with what was typed. */
export interface RefundFailure {
  error: string;
  fields: Record<string, string>;
  values: { amount: string; reason: string; note: string };
}

interface RefundFormProps {
  refundablePence: number;
  idempotencyKey: string;
  failure: RefundFailure | null;
  isBusy: boolean;
}

/** All or part of what remains, with a reason from the list and a note. */
export function RefundForm({ refundablePence, idempotencyKey, failure, isBusy }: RefundFormProps) {
  return (
    <>
      <h3 id="refund-form-title">Refund</h3>
      {failure ? (
        <div className="alert alert--error" role="alert">
          <p>{failure.error}</p>
        </div>
      ) : null}
      <Form method="post" className="form" aria-labelledby="refund-form-title">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextField
          id="refund-amount"
          name="amount"
          label="Amount (£)"
          hint={`Leave blank to refund everything left: ${formatPence(refundablePence)}.`}
          inputMode="decimal"
          defaultValue={failure?.values.amount ?? ''}
          error={failure?.fields.amount ?? failure?.fields.amountPence}
        />
        <SelectField
          id="refund-reason"
          name="reason"
          label="Reason"
          required
          placeholder="Choose a reason"
          isPlaceholderSelectable={false}
          defaultValue={failure?.values.reason ?? ''}
          options={ADMIN_REFUND_REASONS.map((reason) => [reason, REFUND_REASON_LABELS[reason]])}
          error={failure?.fields.reason}
        />
        <Field id="refund-note" label="Note" error={failure?.fields.note}>
          {(control) => (
            <textarea
              {...control}
              name="note"
              maxLength={1000}
              defaultValue={failure?.values.note ?? ''}
            />
          )}
        </Field>
        <Button type="submit" disabled={isBusy}>
          Refund
        </Button>
      </Form>
    </>
  );
}
