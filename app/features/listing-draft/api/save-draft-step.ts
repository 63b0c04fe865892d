import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { draftMutationKey, type DraftView } from './draft-view';

export interface SaveDraftStep {
  draftId: string;
  step: number;
  fields: Record<string, unknown>;
  nextStep: number;
}

/** `PUT /api/v1/drafts/:id/steps/:step`: the server checks the step's fields and moves on. */
export const saveDraftStep = ({ draftId, step, fields, nextStep }: SaveDraftStep) =>
  apiRequest<DraftView>('PUT', `/api/v1/drafts/${draftId}/steps/${step}`, {
    body: { fields, nextStep },
  });

export const saveDraftStepOptions = () =>
  mutationOptions({ mutationKey: draftMutationKey('save-step'), mutationFn: saveDraftStep });

export const useSaveDraftStep = () => useMutation(saveDraftStepOptions());
