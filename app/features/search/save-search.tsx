import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import type { Option } from '~/components/ui/select';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { MAX_SAVED_SEARCH_NAME_LENGTH } from '@domain/search/saved-search-limits';

/** How often the alert e-mails, in the words of 'E-mail me …'. */
export const FREQUENCY_OPTIONS: Option[] = [
  ['instant', 'As soon as new homes are added'],
  ['daily', 'Once a day'],
  ['weekly', 'Once a week'],
];

/** What the page's action answered about saving this search. */
export interface SaveSearchOutcome {
  saved?: string;
  error?: string;
  fields?: Record<string, string>;
}

/**
 * Save this search for e-mail alerts: a prompt to sign in, the form (open when the last try
 * failed), or the confirmation.
 */
export function SaveSearch({
  isSignedIn,
  defaultName,
  outcome,
}: {
  isSignedIn: boolean;
  defaultName: string;
  outcome: SaveSearchOutcome | undefined;
}) {
  const saveError =
    outcome?.error === undefined ? undefined : (outcome.fields?.name ?? outcome.error);
  if (!isSignedIn) {
    return (
      <p className="save-search">
        <Link to="/my-account">Sign in to save this search</Link> and get e-mails when new homes
        match.
      </p>
    );
  }
  if (outcome?.saved) {
    return (
      <p className="notice" role="status">
        Saved “{outcome.saved}”. We’ll e-mail you about new homes that match.{' '}
        <Link to="/saved-searches">Manage saved searches</Link>
      </p>
    );
  }
  return (
    // Open when a save failed; otherwise the browser's own state, which React then leaves alone:
    // a click can open the panel before the page has hydrated.
    <details className="save-search" open={saveError ? true : undefined}>
      <summary>Save this search and get e-mail alerts</summary>
      <Form method="post" className="save-search__form">
        <input type="hidden" name="intent" value="save-search" />
        <TextField
          id="save-name"
          name="name"
          label="Name"
          error={saveError}
          defaultValue={defaultName}
          maxLength={MAX_SAVED_SEARCH_NAME_LENGTH}
        />
        <SelectField
          id="save-frequency"
          name="frequency"
          label="E-mail me"
          defaultValue="daily"
          options={FREQUENCY_OPTIONS}
        />
        <Button type="submit">Save search</Button>
      </Form>
    </details>
  );
}
