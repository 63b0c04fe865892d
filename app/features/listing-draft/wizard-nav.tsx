import { Link } from 'react-router';
import { LAST_STEP } from '@domain/listing/wizard-steps';
import { Button, buttonClass } from '~/components/ui/button';
import { wizardPath } from './wizard-url';

/**
 * Back, then 'Save and continue'; on the last step 'Publish listing' ('Save changes' when
 * editing), or a sign-in link that comes back to this step of this draft.
 */
export function WizardNav({
  step,
  draftId,
  isBusy,
  isSignedIn,
  isEditing,
  onBack,
}: {
  step: number;
  draftId: string | null;
  isBusy: boolean;
  isSignedIn: boolean;
  isEditing: boolean;
  onBack: () => void;
}) {
  const signInPath = `/my-account?redirectTo=${encodeURIComponent(wizardPath(draftId ?? '', LAST_STEP))}`;
  return (
    <>
      <div className="wizard__nav">
        {step > 1 ? (
          <Button variant="secondary" onClick={onBack} disabled={isBusy}>
            Back
          </Button>
        ) : null}
        {step < LAST_STEP ? (
          <Button type="submit" disabled={isBusy}>
            {isBusy ? 'Saving…' : 'Save and continue'}
          </Button>
        ) : isSignedIn ? (
          <Button type="submit" disabled={isBusy}>
            {isBusy ? 'Publishing…' : isEditing ? 'Save changes' : 'Publish listing'}
          </Button>
        ) : (
          <Link className={buttonClass()} to={signInPath}>
            Sign in to publish
          </Link>
        )}
      </div>
      {!isSignedIn && step === LAST_STEP ? (
        <p className="hint">
          Your draft and photos are saved; you will come straight back here after signing in.
        </p>
      ) : null}
    </>
  );
}
