import { useId } from 'react';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { useMobileNumber } from './use-mobile-number';

/**
 * Adding or changing a mobile number (stored with `updateUserAttributes`) and verifying it with
 * the six-digit code sent by text (`confirmUserAttribute`, resent with
 * `sendUserAttributeVerificationCode`). A verified number signs in like the e-mail address.
 */
// size: markup: the number, its edit form and its code form; the steps are in useMobileNumber
export function MobileNumber({
  phoneNumber,
  isVerified,
  onChanged,
}: {
  phoneNumber: string | undefined;
  isVerified: boolean;
  /** Reads the account's attributes again after a change. */
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const {
    step,
    fieldError,
    notice,
    isBusy,
    numberRef,
    codeRef,
    noticeRef,
    startRef,
    shown,
    sendCode,
    save,
    verify,
    startEditing,
    cancel,
  } = useMobileNumber({ phoneNumber, isVerified, onChanged });
  return (
    <section className="card mobile-number" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Mobile number</h2>
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className="alert alert--success" role="status">
          {notice}
        </p>
      ) : null}

      {step === 'view' ? (
        <>
          {shown ? (
            <p>
              <strong>{shown}</strong>{' '}
              {isVerified
                ? '(verified): you can sign in with it instead of your e-mail address.'
                : '(not verified yet): verify it to sign in with it.'}
            </p>
          ) : (
            <p>Add your mobile number to sign in with it instead of your e-mail address.</p>
          )}
          <div className="button-row">
            <button
              ref={startRef}
              type="button"
              className="button button--small"
              onClick={startEditing}
            >
              {shown ? 'Change mobile number' : 'Add a mobile number'}
            </button>
            {shown && !isVerified ? (
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={isBusy}
                onClick={() => void sendCode({ isResend: false })}
              >
                Verify this number
              </button>
            ) : null}
          </div>
        </>
      ) : null}

      {step === 'edit' ? (
        <form className="form" onSubmit={save} noValidate>
          <Field
            id={`${id}-number`}
            label="Mobile number"
            hint="A UK mobile, like 07700 900123, or an international number starting with +. We will text you a code to check it is yours."
            error={fieldError ?? undefined}
          >
            {(control) => (
              <input
                ref={numberRef}
                {...control}
                name="phoneNumber"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                defaultValue={shown ?? ''}
              />
            )}
          </Field>
          <div className="button-row">
            <Button type="submit" size="small" disabled={isBusy}>
              Save and send code
            </Button>
            <Button variant="secondary" size="small" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      {step === 'verify' ? (
        <form className="form" onSubmit={verify} noValidate>
          <Field
            id={`${id}-code`}
            label="Code from the text message"
            hint={`Six digits, sent to ${shown ?? 'your mobile'}. It can take a minute to arrive.`}
            error={fieldError ?? undefined}
          >
            {(control) => (
              <input
                ref={codeRef}
                {...control}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            )}
          </Field>
          <div className="button-row">
            <Button type="submit" size="small" disabled={isBusy}>
              Verify mobile number
            </Button>
            <Button
              variant="secondary"
              size="small"
              disabled={isBusy}
              onClick={() => void sendCode({ isResend: true })}
            >
              Send a new code
            </Button>
            <Button variant="secondary" size="small" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
