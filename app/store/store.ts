import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { listingDraftSlice } from './listing-draft-slice';
import { registrationStepSlice } from './registration-step-slice';

const rootReducer = combineReducers({
  listingDraft: listingDraftSlice.reducer,
  registrationStep: registrationStepSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** One store per browser session (and per server render), never shared between requests. */
export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
