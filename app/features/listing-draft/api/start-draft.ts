import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { draftMutationKey, type DraftView } from './draft-view';

/** `POST /api/v1/drafts`: a new, empty draft (signed in or not). */
export const startDraft = () => apiRequest<DraftView>('POST', '/api/v1/drafts');

export const startDraftOptions = () =>
  mutationOptions({ mutationKey: draftMutationKey('start'), mutationFn: startDraft });

export const useStartDraft = () => useMutation(startDraftOptions());
