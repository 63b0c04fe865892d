import {
  confirmUserAttribute,
  sendUserAttributeVerificationCode,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { useEffect, useId, useRef, useState } from 'react';
import { formatMobileNumber, parseMobileNumber } from '~/lib/phone-number';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';

type Step = 'view' | 'edit' | 'verify';

/** Cognito's errors, said plainly. */
function messageFor(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'CodeMismatchException':
      return 'That code is not right. Check the text message and try again, or send a new code.';
    case 'ExpiredCodeException':
      return 'That code has expired. Send a new code and enter it instead.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return 'Too many attempts. Please wait a few minutes, then try again.';
    case 'InvalidParameterException':
      return error instanceof Error && /phone number/i.test(error.message)
        ? 'Enter a UK mobile number, like 07700 900123, or an international number starting with +.'
        : (error as Error).message;
    case 'AliasExistsException':
      return 'That number already signs in to another Roost account.';
    default:
      return error instanceof Error && error.message
        ? error.message
        : 'Something went wrong. Please try again.';
  }
}

/**
 * Adding or changing a mobile number (stored with `updateUserAttributes`) and verifying it with
 * the six-digit code sent by text (`confirmUserAttribute`, resent with
 * `sendUserAttributeVerificationCode`). A verified number signs in like the e-mail address.
 */
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
  const [step, setStep] = useState<Step>('view');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after the next render: the field just shown, or the message just written.
  const pendingFocus = useRef<'number' | 'code' | 'notice' | 'start' | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const setFocusTarget = (target: 'number' | 'code' | 'notice' | 'start') => {
    pendingFocus.current = target;
    setFocusRequest((count) => count + 1);
  };

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    ({ number: numberRef, code: codeRef, notice: noticeRef, start: startRef })[
      target
    ].current?.focus();
  }, [focusRequest]);

  const shown = phoneNumber ? formatMobileNumber(phoneNumber) : undefined;

  function fail(message: string, field: 'number' | 'code') {
    setFieldError(message);
    setNotice(null);
    setFocusTarget(field);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('phoneNumber') ?? '');
    const parsed = parseMobileNumber(typed);
    if (!parsed.ok) {
      fail(parsed.error, 'number');
      return;
    }
    if (parsed.e164 === phoneNumber) {
      if (isVerified) {
        setStep('view');
        setFieldError(null);
        setNotice('That is already your verified mobile number.');
        setFocusTarget('notice');
      } else {
        // Stored already: only the code is missing.
        await sendCode({ isResend: false });
      }
      return;
    }
    setIsBusy(true);
    try {
      const output = await updateUserAttributes({ userAttributes: { phone_number: parsed.e164 } });
      await onChanged();
      setFieldError(null);
      if (output.phone_number?.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE') {
        setStep('verify');
        setNotice(`We have texted a six-digit code to ${formatMobileNumber(parsed.e164)}.`);
        setFocusTarget('code');
      } else {
        setStep('view');
        setNotice('Your mobile number has been saved.');
        setFocusTarget('notice');
      }
    } catch (error) {
      fail(messageFor(error), 'number');
    } finally {
      setIsBusy(false);
    }
  }

  async function verify(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      fail('Enter the six-digit code from the text message.', 'code');
      return;
    }
    setIsBusy(true);
    try {
      await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
      await onChanged();
      setStep('view');
      setFieldError(null);
      setNotice('Your mobile number is verified. You can now sign in with it.');
      setFocusTarget('notice');
    } catch (error) {
      fail(messageFor(error), 'code');
    } finally {
      setIsBusy(false);
    }
  }

  async function sendCode({ isResend }: { isResend: boolean }) {
    setIsBusy(true);
    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      setStep('verify');
      setFieldError(null);
      setNotice(
        `We have texted ${isResend ? 'a new' : 'a six-digit'} code to ${shown ?? 'your mobile'}.`,
      );
      setFocusTarget('code');
    } catch (error) {
      setNotice(null);
      setStep('verify');
      fail(messageFor(error), 'code');
    } finally {
      setIsBusy(false);
    }
  }

  function cancel() {
    setStep('view');
    setFieldError(null);
    setNotice(null);
    setFocusTarget('start');
  }

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
              onClick={() => {
                setStep('edit');
                setNotice(null);
                setFieldError(null);
                setFocusTarget('number');
              }}
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
