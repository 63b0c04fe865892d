import { Form } from 'react-router';
import type { AppealStatus } from '@domain/moderation/appeal';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';

const APPEAL_NOTES: Record<AppealStatus, string> = {
  open: 'You have appealed this decision. A moderator will look at it and e-mail you the outcome.',
  upheld: 'Your appeal was upheld.',
  rejected:
    'Your appeal was not upheld; we e-mailed you why. An appeal can be made once per decision.',
};

/**
 * The lister's appeal against moderators pausing or removing their listing (Online Safety Act):
 * once per decision, in their own words, into the moderation queue.
 */
export function ModerationAppeal({
  appeal,
  canAppeal,
  failure,
  isBusy,
}: {
  appeal: AppealStatus | null;
  canAppeal: boolean;
  failure: { error: string; fields: Record<string, string>; statement?: string } | undefined;
  isBusy: boolean;
}) {
  if (appeal) {
    return (
      <p className="alert alert--info" data-testid="appeal-status">
        {APPEAL_NOTES[appeal]}
      </p>
    );
  }
  if (!canAppeal) return null;
  return (
    <details className="manage-listing__appeal" open={Boolean(failure)}>
      <summary>Appeal the moderators&rsquo; decision</summary>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="appeal" />
        <p>
          If you think our moderators got it wrong, tell us why. A different moderator looks at
          every appeal; you can appeal once per decision.
        </p>
        <Field
          id="appeal-statement"
          label="Why the decision was wrong"
          hint="At least 20 characters. Say what you have changed, or why the listing is genuine."
          error={failure?.fields.statement ?? (failure ? failure.error : undefined)}
        >
          {(control) => (
            <textarea
              {...control}
              name="statement"
              maxLength={2000}
              defaultValue={failure?.statement ?? ''}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={isBusy}>
          Send appeal
        </Button>
      </Form>
    </details>
  );
}
