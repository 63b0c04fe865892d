import { redirect } from 'react-router';
import { requireUser } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import { savedSearchResultsPath } from '@domain/search/saved-search-paths';
import type { Route } from './+types/saved-search';

/**
 * A saved search's own link (on /saved-searches and in its alert e-mails): its owner is taken to
 * its results with the criteria it has now; anyone else gets 404, as if it did not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  let saved;
  try {
    saved = await context.marketplace.alerts.get({ user, savedSearchId: Number(params.id) });
  } catch (error) {
    failureAsPage(error);
  }
  throw redirect(savedSearchResultsPath(saved));
}

/** Never shown: the loader always redirects or fails (the error page says why). */
export default function SavedSearchLanding() {
  return null;
}
