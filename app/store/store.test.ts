import { describe, expect, it } from 'vitest';
import {
  mergeInitialDetails,
  resetListingDraft,
  setAddMode,
  setInitialOptions,
  setPropertyDetails,
  setTempId,
  toggleHeaderButton,
  uploadImages,
  uploadTheatres,
} from './listing-draft-slice';
import { goToStep, nextStep, previousStep } from './registration-step-slice';
import { createStore } from './store';

describe('listing draft', () => {
  it('starts empty with the header button shown', () => {
    const { listingDraft } = createStore().getState();
    expect(listingDraft).toEqual({
      options: {},
      propertyDetail: { propertyImages: [], theatres: [] },
      isInAddMode: false,
      buttonDisplayed: true,
      tempPropertyId: null,
    });
  });

  it('applies every draft action and resets, keeping options and the header flag', () => {
    const store = createStore();
    store.dispatch(setInitialOptions({ propertyTypes: ['flat', 'terraced'] }));
    store.dispatch(setPropertyDetails({ bedrooms: 2, channel: 'rent' }));
    store.dispatch(uploadImages([{ id: 'a', url: '/img/a' }]));
    store.dispatch(uploadTheatres([{ id: 't', url: 'https://tour.example/t', kind: 'tour' }]));
    store.dispatch(setAddMode(true));
    store.dispatch(setTempId('draft-42'));
    store.dispatch(toggleHeaderButton(false));
    let draft = store.getState().listingDraft;
    expect(draft.propertyDetail).toMatchObject({ bedrooms: 2, channel: 'rent' });
    expect(draft.propertyDetail.propertyImages).toHaveLength(1);
    expect(draft.propertyDetail.theatres[0]!.kind).toBe('tour');
    expect(draft.isInAddMode).toBe(true);
    expect(draft.tempPropertyId).toBe('draft-42');
    expect(draft.buttonDisplayed).toBe(false);

    store.dispatch(resetListingDraft());
    draft = store.getState().listingDraft;
    expect(draft.propertyDetail).toEqual({ propertyImages: [], theatres: [] });
    expect(draft.tempPropertyId).toBeNull();
    expect(draft.isInAddMode).toBe(false);
    expect(draft.options).toEqual({ propertyTypes: ['flat', 'terraced'] });
    expect(draft.buttonDisplayed).toBe(false);
    store.dispatch(toggleHeaderButton());
    expect(store.getState().listingDraft.buttonDisplayed).toBe(true);
  });

  it('merges initial details only into empty fields', () => {
    const store = createStore();
    store.dispatch(setPropertyDetails({ title: 'My flat', bedrooms: '' }));
    store.dispatch(
      mergeInitialDetails({
        title: 'Old title',
        bedrooms: 3,
        propertyImages: [{ id: 'x', url: '/img/x' }],
      }),
    );
    const detail = store.getState().listingDraft.propertyDetail;
    expect(detail.title).toBe('My flat');
    expect(detail.bedrooms).toBe(3);
    expect(detail.propertyImages).toHaveLength(1);
  });
});

describe('registration step', () => {
  it('starts at 1, moves forward and back, never below 1', () => {
    const store = createStore();
    expect(store.getState().registrationStep.currentStep).toBe(1);
    store.dispatch(nextStep());
    store.dispatch(nextStep());
    expect(store.getState().registrationStep.currentStep).toBe(3);
    store.dispatch(previousStep());
    expect(store.getState().registrationStep.currentStep).toBe(2);
    store.dispatch(goToStep(0));
    store.dispatch(previousStep());
    expect(store.getState().registrationStep.currentStep).toBe(1);
    store.dispatch(goToStep(5));
    expect(store.getState().registrationStep.currentStep).toBe(5);
  });
});
