import { useEffect, useRef, useState, type ComponentType } from 'react';
import { LAST_STEP, WIZARD_STEPS, type WizardStepKey } from '@domain/listing/wizard-steps';
import { useAppSelector } from '~/store/hooks';
import type { DraftView } from './api/draft-view';
import { StepErrorsContext } from './fields/draft-fields';
import { AddressStep } from './steps/address-step';
import { DetailsStep } from './steps/details-step';
import { MaterialStep } from './steps/material-step';
import { MediaStep } from './steps/media-step';
import { PriceStep } from './steps/price-step';
import { ReviewStep } from './steps/review-step';
import type { MediaLimits } from '@domain/listing/media-limits';
import type { WizardStepProps } from './steps/step-props';
import { TypeStep } from './steps/type-step';
import { useDraftInStore } from './use-draft-in-store';
import { useWizardDraft } from './use-wizard-draft';
import { WizardNav } from './wizard-nav';
import { WizardStepList } from './wizard-step-list';

/** Each step's form, by the step's key in the domain's WIZARD_STEPS. */
const STEP_VIEWS: Record<WizardStepKey, ComponentType<WizardStepProps>> = {
  type: TypeStep,
  address: AddressStep,
  details: DetailsStep,
  material: MaterialStep,
  media: MediaStep,
  price: PriceStep,
  review: ReviewStep,
};

export interface WizardProps {
  initialDraft: DraftView | null;
  isSignedIn: boolean;
  mediaLimits: MediaLimits;
}

/** The add-listing wizard (`/property/new`): seven steps, saved on the server as they go. */
export function ListingWizard({ initialDraft, isSignedIn, mediaLimits }: WizardProps) {
  const [media, setMedia] = useState(initialDraft?.media ?? []);
  useDraftInStore(initialDraft, media);
  const { step, errors, formError, isBusy, goTo, publish, ensureDraft } = useWizardDraft(
    initialDraft,
    media,
  );
  const draftId = useAppSelector((state) => state.listingDraft.tempPropertyId);
  const isReady = useAppSelector((state) => state.listingDraft.isInAddMode);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isReady) headingRef.current?.focus();
  }, [step, isReady]);

  if (!isReady) return <p role="status">Loading your listing…</p>;

  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];
  const StepView = STEP_VIEWS[current.key];
  return (
    <div className="wizard">
      <WizardStepList step={step} onGoTo={(target) => void goTo(target)} />
      <form
        className="form wizard__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === LAST_STEP) void publish();
          else void goTo(step + 1);
        }}
      >
        <h2 ref={headingRef} tabIndex={-1}>
          Step {step} of {LAST_STEP}: {current.title}
        </h2>
        {formError ? (
          <div className="alert alert--error" role="alert">
            <p>{formError}</p>
          </div>
        ) : null}
        <StepErrorsContext value={errors}>
          <StepView
            draftId={draftId}
            ensureDraft={ensureDraft}
            media={media}
            onMediaChange={setMedia}
            mediaLimits={mediaLimits}
          />
        </StepErrorsContext>
        <WizardNav
          step={step}
          draftId={draftId}
          isBusy={isBusy}
          isSignedIn={isSignedIn}
          isEditing={Boolean(initialDraft?.listingId)}
          onBack={() => void goTo(step - 1)}
        />
      </form>
    </div>
  );
}
