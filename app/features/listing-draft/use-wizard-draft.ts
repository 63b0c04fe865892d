import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { listingPath } from '@domain/listing/listing-url';
import { stepFields, validateStep } from '@domain/listing/wizard-steps';
import { isLetNation } from '@domain/lettings/rules-by-nation';
import type { FieldErrors } from '@domain/validation/field-errors';
import { ApiFailure } from '~/lib/api-client';
import { useAppDispatch, useAppSelector } from '~/store/hooks';
import {
  resetListingDraft,
  setPropertyDetails,
  setTempId,
  type PropertyDetailDraft,
} from '~/store/listing-draft-slice';
import { FIRST_REGISTRATION_STEP, goToStep } from '~/store/registration-step-slice';
import type { DraftMediaItem, DraftView } from './api/draft-view';
import { type publishDraft, usePublishDraft } from './api/publish-draft';
import { useSaveDraftStep } from './api/save-draft-step';
import { useStartDraft } from './api/start-draft';
import { replaceWizardUrl } from './wizard-url';

const NO_PHOTO_MESSAGE = 'Add at least one photo.';

/** The step at which the draft must have a photo before going on. */
const PHOTOS_STEP = 5;

/**
 * Moving through the wizard: each step is checked in the browser with the step's schema, then
 * saved (starting the draft on the server at the first save), and the URL follows; the last
 * step publishes. Going back saves nothing.
 */
export function useWizardDraft(initialDraft: DraftView | null, media: DraftMediaItem[]) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const step = useAppSelector((state) => state.registrationStep.currentStep);
  const detail = useAppSelector((state) => state.listingDraft.propertyDetail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const draftIdRef = useRef<string | null>(initialDraft?.id ?? null);
  const start = useStartDraft();
  const save = useSaveDraftStep();
  const publishing = usePublishDraft();

  async function ensureDraft(): Promise<string> {
    if (draftIdRef.current) return draftIdRef.current;
    const draft = await start.mutateAsync();
    draftIdRef.current = draft.id;
    dispatch(setTempId(draft.id));
    replaceWizardUrl(draft.id, step);
    return draft.id;
  }

  function show(problems: FieldErrors, message: string) {
    setErrors(problems);
    setFormError(message);
  }

  function showFailure(error: unknown, fallback: string) {
    if (error instanceof ApiFailure) show(error.fields, error.message);
    else setFormError(fallback);
  }

  async function goTo(target: number) {
    setFormError('');
    if (target < step) {
      dispatch(goToStep(target));
      setErrors({});
      if (draftIdRef.current) replaceWizardUrl(draftIdRef.current, target);
      return;
    }
    const fields = typedFields(step, detail);
    const problem = stepProblem(step, detail, fields, media);
    if (problem) return show(problem.fields, problem.message);
    try {
      const draftId = await ensureDraft();
      const saved = await save.mutateAsync({ draftId, step, fields, nextStep: target });
      dispatch(setPropertyDetails({ nation: saved.nation }));
      setErrors({});
      dispatch(goToStep(target));
      replaceWizardUrl(draftId, target);
    } catch (error) {
      showFailure(error, 'Could not save. Check your connection and try again.');
    }
  }

  async function publish() {
    if (!draftIdRef.current) return;
    setFormError('');
    try {
      const result = await publishing.mutateAsync(draftIdRef.current);
      dispatch(resetListingDraft());
      dispatch(goToStep(FIRST_REGISTRATION_STEP));
      void navigate(publishedPath(result));
    } catch (error) {
      showFailure(error, 'Could not publish. Try again.');
    }
  }

  return {
    step,
    ...withoutStalePhotoError(errors, formError, media),
    // Still busy once published, until the listing's page replaces the wizard.
    isBusy: start.isPending || save.isPending || publishing.isPending || publishing.isSuccess,
    goTo,
    publish,
    ensureDraft,
  };
}

/** The step's fields as typed (those never filled in are left out). */
function typedFields(step: number, detail: PropertyDetailDraft): Record<string, unknown> {
  return Object.fromEntries(
    stepFields(step)
      .map((field) => [field, detail[field]])
      .filter(([, value]) => value !== undefined),
  );
}

/** What stops the step being saved: its fields' errors, or no photo at the photos step. */
function stepProblem(
  step: number,
  detail: PropertyDetailDraft,
  fields: Record<string, unknown>,
  media: DraftMediaItem[],
): { fields: FieldErrors; message: string } | undefined {
  // The nation is the server's answer for the saved postcode: its letting rules apply here too.
  const nation = isLetNation(detail.nation) ? detail.nation : undefined;
  const checked = validateStep(step, { channel: detail.channel, ...fields }, { nation });
  if (!checked.success) return { fields: checked.fields, message: 'Check the highlighted fields.' };
  if (step === PHOTOS_STEP && !media.some((item) => item.kind === 'photo')) {
    return { fields: { photos: 'Add at least one photo' }, message: NO_PHOTO_MESSAGE };
  }
  return undefined;
}

/** 'Add at least one photo' is stale as soon as a photo is in: it goes without another save. */
function withoutStalePhotoError(
  errors: FieldErrors,
  formError: string,
  media: DraftMediaItem[],
): { errors: FieldErrors; formError: string } {
  const photoAdded = media.some((item) => item.kind === 'photo');
  const { photos: photosError, ...otherErrors } = errors;
  const isPhotoErrorStale = photoAdded && photosError !== undefined;
  return {
    errors: isPhotoErrorStale ? otherErrors : errors,
    formError: isPhotoErrorStale && formError === NO_PHOTO_MESSAGE ? '' : formError,
  };
}

/** Where publishing leads: the listing's page, or its page in the account while held for review. */
function publishedPath(result: Awaited<ReturnType<typeof publishDraft>>): string {
  return result.isHeldForReview
    ? `/my-account/listings/${result.id}`
    : `${listingPath(result.listing)}?published=1`;
}
