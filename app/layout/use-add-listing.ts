import { useCallback } from 'react';
import { resetListingDraft } from '~/store/listing-draft-slice';
import { goToStep, FIRST_REGISTRATION_STEP } from '~/store/registration-step-slice';
import { useAppDispatch } from '~/store/hooks';

export const ADD_LISTING_PATH = '/property/new';

/** Add listing: a fresh draft from step 1 (the link itself goes to /property/new). */
export function useStartNewListing(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(resetListingDraft());
    dispatch(goToStep(FIRST_REGISTRATION_STEP));
  }, [dispatch]);
}
