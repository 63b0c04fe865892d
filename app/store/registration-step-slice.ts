import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const FIRST_REGISTRATION_STEP = 1;

export interface RegistrationStepState {
  currentStep: number;
}

export const registrationStepSlice = createSlice({
  name: 'registrationStep',
  initialState: { currentStep: FIRST_REGISTRATION_STEP } as RegistrationStepState,
  reducers: {
    nextStep: (state) => {
      state.currentStep += 1;
    },
    previousStep: (state) => {
      state.currentStep = Math.max(FIRST_REGISTRATION_STEP, state.currentStep - 1);
    },
    goToStep: (state, action: PayloadAction<number>) => {
      state.currentStep = Math.max(FIRST_REGISTRATION_STEP, Math.trunc(action.payload));
    },
  },
});

export const { nextStep, previousStep, goToStep } = registrationStepSlice.actions;
