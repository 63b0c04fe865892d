import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** The saved search being edited on the search page, when its owner opened it with 'Edit'. */
export interface EditingSavedSearch {
  id: number;
  name: string;
}

/**
 * Above the filters while a saved search is edited: the filters show its criteria, and 'Save
 * changes' saves the search as the page now shows it (the page's own URL is the criteria).
 */
export function EditingSavedSearchBanner({
  editing,
  error,
}: {
  editing: EditingSavedSearch;
  error: string | undefined;
}) {
  return (
    <div className="editing-saved-search" role="region" aria-label="Editing saved search">
      <p>
        Editing saved search <strong>“{editing.name}”</strong>. Change the filters and search, then
        save the changes.
      </p>
      {error ? (
        <div className="alert alert--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <div className="editing-saved-search__actions">
        <Form method="post">
          <input type="hidden" name="intent" value="save-search-changes" />
          <input type="hidden" name="id" value={editing.id} />
          <Button type="submit">Save changes</Button>
        </Form>
        <Link to="/saved-searches">Cancel</Link>
      </div>
    </div>
  );
}
