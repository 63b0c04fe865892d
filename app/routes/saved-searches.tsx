import { data, Form, Link } from 'react-router';
import { requireUser } from '../../server/auth/guards';
import { dispatchIntent, formText } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import { formatDate } from '@domain/format';
import { LABELS } from '@domain/labels';
import { searchPath } from '@domain/listing/listing-url';
import type { Route } from './+types/saved-searches';

export function meta(): Route.MetaDescriptors {
  return [{ title: 'Saved searches and hidden homes | Roost' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const [searches, hidden] = await Promise.all([
    context.marketplace.alerts.list({ user }),
    context.marketplace.alerts.hidden({ user }),
  ]);
  return {
    searches: searches.map((search) => ({
      id: search.id,
      name: search.name,
      frequency: search.frequency,
      createdAt: search.createdAt.toISOString(),
      href: `${searchPath(search.channel)}${search.placeSlug ?? ''}${search.params ? `?${search.params}` : ''}`,
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
  try {
    await dispatchIntent<unknown>(form, {
      'delete-search': () => alerts.delete({ user, savedSearchId: id }),
      unhide: () => alerts.unhide({ user, listingId: id }),
    });
    return { done: true };
  } catch (error) {
    // Someone else's (or an already deleted) search answers as a message, not a server error.
    return formFailure(error, { done: false });
  }
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, hidden } = loaderData;
  const failure = actionData && 'error' in actionData ? actionData.error : undefined;
  return (
    <section className="page narrow" aria-labelledby="saved-title">
      <h1 id="saved-title">Saved searches</h1>
      {failure ? (
        <div className="alert alert--error" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      {searches.length === 0 ? (
        <p>
          You have no saved searches. Search for homes, then choose “Save this search” to get
          e-mails when new ones match.
        </p>
      ) : (
        <ul className="saved-list">
          {searches.map((search) => (
            <li key={search.id}>
              <Link to={search.href}>{search.name}</Link>
              <span className="saved-list__meta">
                {LABELS.alertFrequency[search.frequency]} · saved {formatDate(search.createdAt)}
              </span>
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
