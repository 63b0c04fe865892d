import { data, Form, Link } from 'react-router';
import { requireUser } from '../../server/auth/guards';
import {
  dispatchIntent,
  formText,
  invalidForm,
  parseForm,
} from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import { SavedSearchItem, type SavedSearchEditFailure } from '~/features/search/saved-search-item';
import { formatDate } from '@domain/format';
import { updateSavedSearchInput } from '@domain/search/saved-search-input';
import { savedSearchEditPath, savedSearchLandingPath } from '@domain/search/saved-search-paths';
import type { Route } from './+types/saved-searches';

/** What the action answers: done (and the new name), or which search's change failed and why. */
interface Outcome {
  done: boolean;
  renamed?: string;
  id?: number;
  values?: SavedSearchEditFailure['values'];
  error?: string;
  fields?: Record<string, string>;
}
type Answer = Outcome | ReturnType<typeof data<Outcome>>;

/** The inline form: the name (required there, as the form always sends it) and the frequency. */
const renameForm = updateSavedSearchInput.pick({ name: true, frequency: true });

export function meta(): Route.MetaDescriptors {
  return [{ title: 'Saved searches and hidden homes | Roost' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const [searches, hidden] = await Promise.all([
    context.marketplace.alerts.list({ user }),
    context.marketplace.alerts.hidden({ user }),
  ]);
  // Saving changes on the search page comes back here, naming the search it changed.
  const updatedId = Number(new URL(request.url).searchParams.get('updated'));
  return {
    updated: searches.find((search) => search.id === updatedId)?.name,
    searches: searches.map((search) => ({
      id: search.id,
      name: search.name,
      frequency: search.frequency,
      createdAt: search.createdAt.toISOString(),
      href: savedSearchLandingPath(search.id),
      editHref: savedSearchEditPath(search),
    })),
    hidden: hidden.map((row) => ({
      listingId: row.listingId,
      hiddenAt: row.hiddenAt.toISOString(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  const id = Number(formText(form, 'id'));
  if (!Number.isSafeInteger(id)) throw data('Unknown item', { status: 400 });
  const { alerts } = context.marketplace;
  const values = { name: formText(form, 'name'), frequency: formText(form, 'frequency') };
  try {
    return await dispatchIntent<Answer>(form, {
      'delete-search': async () => {
        await alerts.delete({ user, savedSearchId: id });
        return { done: true };
      },
      'update-search': async () => {
        const parsed = parseForm(form, renameForm);
        if (!parsed.ok) return invalidForm(parsed, { done: false, id, values });
        const saved = await alerts.update({ user, savedSearchId: id, input: parsed.value });
        return { done: true, renamed: saved.name };
      },
      unhide: async () => {
        await alerts.unhide({ user, listingId: id });
        return { done: true };
      },
    });
  } catch (error) {
    // Someone else's (or an already deleted) search answers as a message, not a server error.
    return formFailure(error, { done: false, id, values });
  }
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, hidden } = loaderData;
  const failure = actionData?.error;
  // The search page's 'Save changes' names its search in the URL; after any action here, only
  // the action's own answer counts.
  const renamed = actionData && 'renamed' in actionData ? actionData.renamed : undefined;
  const changed = actionData ? renamed : loaderData.updated;
  const failedEdit =
    failure && actionData?.id !== undefined && actionData.values
      ? { id: actionData.id, values: actionData.values, fields: actionData.fields ?? {} }
      : undefined;
  return (
    <section className="page narrow" aria-labelledby="saved-title">
      <h1 id="saved-title">Saved searches</h1>
      {failure ? (
        <div className="alert alert--error" role="alert">
          <p>{failure}</p>
        </div>
      ) : changed ? (
        <p className="notice" role="status">
          Saved your changes to “{changed}”.
        </p>
      ) : null}
      {searches.length === 0 ? (
        <p>
          You have no saved searches. Search for homes, then choose “Save this search” to get
          e-mails when new ones match.
        </p>
      ) : (
        <ul className="saved-list">
          {searches.map((search) => (
            <SavedSearchItem key={search.id} search={search} failure={failedEdit} />
          ))}
        </ul>
      )}
      <h2>Hidden homes</h2>
      {hidden.length === 0 ? (
        <p>You haven’t hidden any homes. Hidden homes stay out of all your search results.</p>
      ) : (
        <ul className="saved-list">
          {hidden.map((item) => (
            <li key={item.listingId}>
              <Link to={`/property/${item.listingId}`}>Listing {item.listingId}</Link>
              <span className="saved-list__meta">hidden {formatDate(item.hiddenAt)}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="unhide" />
                <input type="hidden" name="id" value={item.listingId} />
                <button
                  type="submit"
                  className="link-button"
                  aria-label={`Show listing ${item.listingId} in my results again`}
                >
                  Show again
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
