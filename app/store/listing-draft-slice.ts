import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A photo in the listing draft, once uploaded (its media key). */
export interface DraftImage {
  id: string;
  url: string;
  caption?: string;
}

/** A floorplan, video or virtual tour attached to the draft ("theatres"). */
export interface DraftTheatre {
  id: string;
  url: string;
  kind?: 'floorplan' | 'video' | 'tour';
  title?: string;
}

export interface PropertyDetailDraft {
  propertyImages: DraftImage[];
  theatres: DraftTheatre[];
  /** The wizard's other fields; their shape belongs to the listing form. */
  [field: string]: unknown;
}

export interface ListingDraftState {
  /** Choices the form offers (property types, features…), loaded once. */
  options: Record<string, unknown>;
  propertyDetail: PropertyDetailDraft;
  isInAddMode: boolean;
  /** Whether the header shows '+ Add list': off while the wizard is open. */
  buttonDisplayed: boolean;
  /** The server-side draft id, so uploads and progress survive a reload. */
  tempPropertyId: string | null;
}

export const initialListingDraftState: ListingDraftState = {
  options: {},
  propertyDetail: { propertyImages: [], theatres: [] },
  isInAddMode: false,
  buttonDisplayed: true,
  tempPropertyId: null,
};

export const listingDraftSlice = createSlice({
  name: 'listingDraft',
  initialState: initialListingDraftState,
  reducers: {
    /** Starts a new draft; the options already loaded and the header button stay as they are. */
    reset: (state) => ({
      ...initialListingDraftState,
      options: state.options,
      buttonDisplayed: state.buttonDisplayed,
    }),
    setInitialOptions: (state, action: PayloadAction<Record<string, unknown>>) => {
      state.options = action.payload;
    },
    setPropertyDetails: (state, action: PayloadAction<Partial<PropertyDetailDraft>>) => {
      Object.assign(state.propertyDetail, action.payload);
    },
    uploadImages: (state, action: PayloadAction<DraftImage[]>) => {
      state.propertyDetail.propertyImages = action.payload;
    },
    uploadTheatres: (state, action: PayloadAction<DraftTheatre[]>) => {
      state.propertyDetail.theatres = action.payload;
    },
    /** Fills the draft from an existing listing without overwriting what the user already typed. */
    mergeInitialDetails: (state, action: PayloadAction<Partial<PropertyDetailDraft>>) => {
      for (const [field, value] of Object.entries(action.payload)) {
        const current = state.propertyDetail[field];
        const isEmpty =
          current === undefined ||
          current === null ||
          current === '' ||
          (Array.isArray(current) && current.length === 0);
        if (isEmpty) state.propertyDetail[field] = value;
      }
    },
    setAddMode: (state, action: PayloadAction<boolean>) => {
      state.isInAddMode = action.payload;
    },
    /** Shows or hides '+ Add list'; without a payload, flips it. */
    toggleHeaderButton: (state, action: PayloadAction<boolean | undefined>) => {
      state.buttonDisplayed = action.payload ?? !state.buttonDisplayed;
    },
    setTempId: (state, action: PayloadAction<string | null>) => {
      state.tempPropertyId = action.payload;
    },
  },
});

export const {
  reset: resetListingDraft,
  setInitialOptions,
  setPropertyDetails,
  uploadImages,
  uploadTheatres,
  mergeInitialDetails,
  setAddMode,
  toggleHeaderButton,
  setTempId,
} = listingDraftSlice.actions;
