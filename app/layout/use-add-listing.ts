import { useCallback } from 'react';
import { useStoreSlot } from '~/store/store-slot';

export const ADD_LISTING_PATH = '/property/new';

/** Add listing: a fresh draft from step 1 (the link itself goes to /property/new). */
export function useStartNewListing(): () => void {
  const slot = useStoreSlot();
  return useCallback(() => slot.startNewListing(), [slot]);
}
