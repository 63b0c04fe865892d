import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { AppStore } from './store';

/**
 * Where the session's Redux store lives once the listing wizard has made it. Only the wizard uses
 * the store (its listing-draft and registration-step slices); the header reads one flag from it
 * and resets the draft from '+ Add list'. Keeping Redux Toolkit, immer and react-redux (9 KB
 * gzip) out of the root route spares every other page loading them: this module imports none of
 * them, and until the wizard opens there is no store, which reads as the slices' initial state.
 */
export interface StoreSlot {
  readonly store: AppStore | null;
  /** Puts the wizard's store in the slot (once), with how to start a new draft in it. */
  attach(store: AppStore, startNewListing: () => void): void;
  subscribe(listener: () => void): () => void;
  /** A fresh draft from step 1; without a store the wizard starts from one anyway. */
  startNewListing(): void;
}

export function createStoreSlot(): StoreSlot {
  const listeners = new Set<() => void>();
  let store: AppStore | null = null;
  let startNew: (() => void) | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get store() {
      return store;
    },
    attach(next, startNewListing) {
      if (store) return;
      store = next;
      startNew = startNewListing;
      next.subscribe(notify);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startNewListing() {
      startNew?.();
    },
  };
}

const StoreSlotContext = createContext<StoreSlot | null>(null);

/** One slot per browser session (and per server render), never shared between requests. */
export function StoreSlotProvider({ children }: { children: ReactNode }) {
  const [slot] = useState(createStoreSlot);
  return <StoreSlotContext value={slot}>{children}</StoreSlotContext>;
}

export function useStoreSlot(): StoreSlot {
  const slot = use(StoreSlotContext);
  if (!slot) throw new Error('useStoreSlot needs a StoreSlotProvider above it');
  return slot;
}

/** Whether the header shows '+ Add list' (the listing-draft slice's `buttonDisplayed`). */
export function useIsAddButtonShown(): boolean {
  const slot = useStoreSlot();
  return useSyncExternalStore(
    slot.subscribe,
    () => slot.store?.getState().listingDraft.buttonDisplayed ?? true,
    () => true,
  );
}
