import { searchPath } from '../listing/listing-url.ts';

/** The search page's parameter naming the saved search being edited there. */
export const EDITING_SAVED_SEARCH_PARAM = 'savedSearch';

interface SavedCriteria {
  channel: 'sale' | 'rent';
  placeSlug: string | null;
  params: string;
}

/** The search page with a saved search's criteria: its results. */
export function savedSearchResultsPath({ channel, placeSlug, params }: SavedCriteria): string {
  return `${searchPath(channel)}${placeSlug ?? ''}${params ? `?${params}` : ''}`;
}

/**
 * A saved search's own link, which reopens it with whatever criteria it has then (so an older
 * alert e-mail still opens the search as it is now). Its owner only: others get 404.
 */
export function savedSearchLandingPath(id: number): string {
  return `/saved-searches/${id}`;
}

/** The search page with the saved criteria applied, and the banner to save changes to them. */
export function savedSearchEditPath(saved: SavedCriteria & { id: number }): string {
  const params = new URLSearchParams(saved.params);
  params.set(EDITING_SAVED_SEARCH_PARAM, String(saved.id));
  return savedSearchResultsPath({ ...saved, params: params.toString() });
}
