import { WIZARD_STEPS } from '@domain/listing/wizard-steps';

/** The steps in order: those done are links back, the current one is marked. */
export function WizardStepList({ step, onGoTo }: { step: number; onGoTo: (step: number) => void }) {
  return (
    <ol className="wizard__steps" aria-label="Steps">
      {WIZARD_STEPS.map((entry) => (
        <li
          key={entry.step}
          aria-current={entry.step === step ? 'step' : undefined}
          className={entry.step < step ? 'is-done' : undefined}
        >
          {entry.step < step ? (
            <button type="button" className="wizard__step-link" onClick={() => onGoTo(entry.step)}>
              {entry.step}. {entry.title}
            </button>
          ) : (
            <span>
              {entry.step}. {entry.title}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
