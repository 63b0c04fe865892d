import { describe, expect, it, vi } from 'vitest';
import { resetListingDraft, setTempId, toggleHeaderButton } from './listing-draft-slice';
import { goToStep } from './registration-step-slice';
import { createStore } from './store';
import { createStoreSlot } from './store-slot';

function attachedSlot() {
  const slot = createStoreSlot();
  const store = createStore();
  slot.attach(store, () => {
    store.dispatch(resetListingDraft());
    store.dispatch(goToStep(1));
  });
  return { slot, store };
}

describe('store slot', () => {
  it('is empty until the wizard attaches its store, and starting a listing then does nothing', () => {
    const slot = createStoreSlot();
    expect(slot.store).toBeNull();
    expect(() => slot.startNewListing()).not.toThrow();
  });

  it('keeps the first store attached', () => {
    const { slot, store } = attachedSlot();
    slot.attach(createStore(), () => {});
    expect(slot.store).toBe(store);
  });

  it('tells subscribers when the store changes, until they unsubscribe', () => {
    const { slot, store } = attachedSlot();
    const listener = vi.fn();
    const unsubscribe = slot.subscribe(listener);
    store.dispatch(toggleHeaderButton(false));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dispatch(toggleHeaderButton(true));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('starts a new listing in the attached store: a fresh draft from step 1', () => {
    const { slot, store } = attachedSlot();
    store.dispatch(setTempId('draft-1'));
    store.dispatch(goToStep(4));
    slot.startNewListing();
    expect(store.getState().listingDraft.tempPropertyId).toBeNull();
    expect(store.getState().registrationStep.currentStep).toBe(1);
  });
});
