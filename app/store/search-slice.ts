import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The visitor's search as typed: location plus free-form filters (channel, price, beds…). */
export interface SearchState {
  location: string;
  [field: string]: unknown;
}

const initialSearchState: SearchState = { location: '' };

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    updateSearch: (state, action: PayloadAction<Partial<SearchState>>) => {
      Object.assign(state, action.payload);
    },
    clearSearch: () => initialSearchState,
    updateLocation: (state, action: PayloadAction<string>) => {
      state.location = action.payload;
    },
  },
});

export const { updateSearch, clearSearch, updateLocation } = searchSlice.actions;
