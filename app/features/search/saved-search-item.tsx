import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import type { AlertFrequency } from '@domain/search/alert-frequencies';
import { MAX_SAVED_SEARCH_NAME_LENGTH } from '@domain/search/saved-search-limits';
import { formatDate } from '@domain/format';
import { LABELS } from '@domain/labels';
import { FREQUENCY_OPTIONS } from './save-search';

/** One saved search as /saved-searches lists it. */
export interface SavedSearchRow {
  id: number;
  name: string;
  frequency: AlertFrequency;
  createdAt: string;
  /** Its own link, which reopens its results. */
  href: string;
  /** The search page with its criteria, to change them there. */
  editHref: string;
}

/** What the page's action answered about renaming one search, when it failed. */
export interface SavedSearchEditFailure {
  id: number;
  values: { name: string; frequency: string };
  fields: Record<string, string>;
}

/**
 * A saved search: its link, 'Edit' (its filters, on the search page), its name and alert
 * frequency changed in place (open when the last change failed), and delete.
 */
export function SavedSearchItem({
  search,
  failure,
}: {
  search: SavedSearchRow;
  failure: SavedSearchEditFailure | undefined;
}) {
  const failed = failure?.id === search.id ? failure : undefined;
  return (
    <li>
      <Link to={search.href}>{search.name}</Link>
      <span className="saved-list__meta">
        {LABELS.alertFrequency[search.frequency]} · saved {formatDate(search.createdAt)}
      </span>
      <Link to={search.editHref} aria-label={`Edit the filters of ${search.name}`}>
        Edit
      </Link>
      <details className="saved-list__edit" open={failed ? true : undefined}>
        <summary>
          Rename or change e-mails<span className="visually-hidden"> for {search.name}</span>
        </summary>
        <Form method="post" className="save-search__form">
          <input type="hidden" name="intent" value="update-search" />
          <input type="hidden" name="id" value={search.id} />
          <TextField
            id={`name-${search.id}`}
            name="name"
            label="Name"
            defaultValue={failed?.values.name ?? search.name}
            error={failed?.fields.name}
            maxLength={MAX_SAVED_SEARCH_NAME_LENGTH}
          />
          <SelectField
            id={`frequency-${search.id}`}
            name="frequency"
            label="E-mail me"
            defaultValue={failed?.values.frequency ?? search.frequency}
            error={failed?.fields.frequency}
            options={FREQUENCY_OPTIONS}
          />
          <Button type="submit" aria-label={`Save changes to ${search.name}`}>
            Save
          </Button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="delete-search" />
        <input type="hidden" name="id" value={search.id} />
        <button
          type="submit"
          className="link-button"
          aria-label={`Delete saved search ${search.name}`}
        >
          Delete
        </button>
      </Form>
    </li>
  );
}
