import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { draftMutationKey, type DraftMediaItem } from './draft-view';

export interface ArrangeDraftMedia {
  draftId: string;
  /** The new order, with captions; media left out keep their place after these (never removed). */
  items: DraftMediaItem[];
  /** Media to take out of the draft. */
  remove?: Pick<DraftMediaItem, 'key' | 'kind'>[];
}

/**
 * `PUT /api/v1/drafts/:id/media`: order, captions and removals in one call. Kept alive, so a
 * change already sent still arrives when the visitor leaves the page anyway.
 */
export const arrangeDraftMedia = ({ draftId, items, remove = [] }: ArrangeDraftMedia) =>
  apiRequest<{ media: DraftMediaItem[] }>('PUT', `/api/v1/drafts/${draftId}/media`, {
    body: { items, remove: remove.map(({ key, kind }) => ({ key, kind })) },
    keepalive: true,
  });

export const arrangeDraftMediaOptions = () =>
  mutationOptions({
    mutationKey: draftMutationKey('arrange-media'),
    mutationFn: arrangeDraftMedia,
  });

export const useArrangeDraftMedia = () => useMutation(arrangeDraftMediaOptions());
