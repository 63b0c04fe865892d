import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { resetListingDraft } from './listing-draft-slice';
import { FIRST_REGISTRATION_STEP, goToStep } from './registration-step-slice';
import { createStore } from './store';
import { useStoreSlot } from './store-slot';

/**
 * The session's store for the listing wizard: made the first time the wizard opens, then kept in
 * the root's slot (`store-slot.tsx`) so it survives navigating away and back.
 */
export function DraftStoreProvider({ children }: { children: ReactNode }) {
  const slot = useStoreSlot();
  const [store] = useState(() => {
    if (!slot.store) {
      const created = createStore();
      slot.attach(created, () => {
        created.dispatch(resetListingDraft());
        created.dispatch(goToStep(FIRST_REGISTRATION_STEP));
      });
    }
    return slot.store!;
  });
  return <ReduxProvider store={store}>{children}</ReduxProvider>;
}
