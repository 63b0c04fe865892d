import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { RadioGroup } from '~/components/ui/choice-group';
import { Field } from '~/components/ui/field';
import { optionsOf } from '@domain/labels';
import type { PropertyFormResult } from './property-types';

/** 'Report this listing' to the moderators: a reason, and details for 'Something else'. */
export function ReportForm({ actionData }: { actionData: PropertyFormResult }) {
  const result = actionData?.intent === 'report' ? actionData : undefined;
  const failure = result?.status === 'error' ? result : undefined;
  const fields = failure?.fields ?? {};
  return (
    <details className="property__report" open={Boolean(result)}>
      <summary>Report this listing</summary>
      {result?.status === 'sent' ? (
        <p className="alert alert--success" role="status">
          Thank you. Our team will look at this listing.
        </p>
      ) : (
        <Form method="post" className="form" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="report" />
          {failure ? (
            <p className="alert alert--error" role="alert">
              {failure.error}
            </p>
          ) : null}
          <RadioGroup
            name="reason"
            legend="What is wrong with it?"
            options={optionsOf('reportReason')}
            defaultValue={failure?.values.reason}
            error={fields.reason}
          />
          <Field
            id="report-details"
            label={<>Details (required for &lsquo;Something else&rsquo;)</>}
            error={fields.details}
          >
            {(control) => (
              <textarea {...control} name="details" defaultValue={failure?.values.details} />
            )}
          </Field>
          <p>
            <Button type="submit" variant="secondary">
              Send report
            </Button>
          </p>
        </Form>
      )}
    </details>
  );
}
