import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { RadioGroup } from '~/components/ui/choice-group';
import { Field } from '~/components/ui/field';
import { echo } from '~/components/ui/form-echo';
import { optionsOf } from '@domain/labels';
import { TextField } from '~/components/ui/text-field';
import { useRootData } from '~/lib/use-root-data';
import type { PropertyFormResult } from './property-types';

/** 'Report this listing' to the moderators: a reason, and details for 'Something else'. */
export function ReportForm({ actionData }: { actionData: PropertyFormResult }) {
  const result = actionData?.intent === 'report' ? actionData : undefined;
  const failure = result?.status === 'error' ? result : undefined;
  const fields = failure?.fields ?? {};
  const { user } = useRootData();
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
            {...echo(failure, 'reason')}
            legend="What is wrong with it?"
            options={optionsOf('reportReason')}
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
          {user ? (
            <p className="hint">We will e-mail you what our moderators decide.</p>
          ) : (
            <TextField
              id="report-email"
              label="Your e-mail address (optional)"
              hint="If you give it, we will tell you what our moderators decide."
              {...echo(failure, 'email')}
              type="email"
              autoComplete="email"
            />
          )}
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
