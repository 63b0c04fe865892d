import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { draftMutationKey } from './draft-view';

export interface PublishedDraft {
  id: number;
  /** Held for a moderator's check (a repost of a moderated listing): not live yet. */
  isHeldForReview: boolean;
  listing: {
    id: number;
    bedrooms: number;
    propertyType: string;
    channel: 'sale' | 'rent';
    town: string;
  };
}

/** `POST /api/v1/drafts/:id/publish`: a new listing, or the edited one updated (signed in). */
export const publishDraft = (draftId: string) =>
  apiRequest<PublishedDraft>('POST', `/api/v1/drafts/${draftId}/publish`);

export const publishDraftOptions = () =>
  mutationOptions({ mutationKey: draftMutationKey('publish'), mutationFn: publishDraft });

export const usePublishDraft = () => useMutation(publishDraftOptions());
