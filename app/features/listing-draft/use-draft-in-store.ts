import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LAST_STEP } from '@domain/listing/wizard-steps';
import type { TourLink } from '@domain/listing/material-information';
import { useAppDispatch, useAppSelector } from '~/store/hooks';
import {
  mergeInitialDetails,
  resetListingDraft,
  setAddMode,
  setTempId,
  toggleHeaderButton,
  uploadImages,
  uploadTheatres,
} from '~/store/listing-draft-slice';
import { FIRST_REGISTRATION_STEP, goToStep } from '~/store/registration-step-slice';
import type { DraftMediaItem, DraftView } from './api/draft-view';

/**
 * The wizard's client state (the spec's listing-draft and registration-step slices): the
 * server's draft loaded into them once per draft, its media mirrored as images and theatres,
 * and the header's '+ Add list' hidden while a listing is being added.
 */
export function useDraftInStore(initialDraft: DraftView | null, media: DraftMediaItem[]): void {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const tours = useAppSelector((state) => state.listingDraft.propertyDetail.tours) as
    TourLink[] | undefined;

  // The server's draft is the truth: load it into the slices once per draft.
  useEffect(() => {
    dispatch(resetListingDraft());
    if (initialDraft) {
      dispatch(setTempId(initialDraft.id));
      dispatch(mergeInitialDetails({ ...initialDraft.data, nation: initialDraft.nation }));
      const stepInUrl = Number(new URLSearchParams(location.search).get('step'));
      dispatch(goToStep(Math.min(LAST_STEP, stepInUrl || initialDraft.step)));
    } else {
      dispatch(goToStep(FIRST_REGISTRATION_STEP));
    }
    dispatch(setAddMode(true));
    // Only when another draft is opened, not on every URL change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, initialDraft?.id]);

  useEffect(() => {
    dispatch(
      uploadImages(
        media
          .filter((item) => item.kind === 'photo')
          .map((item) => ({ id: item.key, url: item.key, caption: item.caption })),
      ),
    );
    dispatch(
      uploadTheatres([
        ...media
          .filter((item) => item.kind === 'floorplan')
          .map((item) => ({
            id: item.key,
            url: item.key,
            kind: 'floorplan' as const,
            title: item.caption,
          })),
        ...(tours ?? []).map((tour, index) => ({
          id: `tour-${index}`,
          url: tour.url,
          kind: tour.kind,
          title: tour.title,
        })),
      ]),
    );
  }, [dispatch, media, tours]);

  // Adding a listing already: the header's '+ Add list' would only start another one.
  useEffect(() => {
    dispatch(toggleHeaderButton(false));
    return () => {
      dispatch(toggleHeaderButton(true));
    };
  }, [dispatch]);
}
