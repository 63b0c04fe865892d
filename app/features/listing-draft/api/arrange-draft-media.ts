import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { draftMutationKey, type DraftMediaItem } from './draft-view';

export interface ArrangeDraftMedia {
  draftId: string;
  /** Every photo and floorplan, in order, with captions: what is left out is removed. */
  items: DraftMediaItem[];
}

/** `PUT /api/v1/drafts/:id/media`: order, captions and removals in one call. */
export const arrangeDraftMedia = ({ draftId, items }: ArrangeDraftMedia) =>
  apiRequest<{ media: DraftMediaItem[] }>('PUT', `/api/v1/drafts/${draftId}/media`, {
    body: { items },
  });

export const arrangeDraftMediaOptions = () =>
  mutationOptions({
    mutationKey: draftMutationKey('arrange-media'),
    mutationFn: arrangeDraftMedia,
  });

export const useArrangeDraftMedia = () => useMutation(arrangeDraftMediaOptions());
