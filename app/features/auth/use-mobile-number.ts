import {
  confirmUserAttribute,
  sendUserAttributeVerificationCode,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMobileNumber, parseMobileNumber } from '~/lib/phone-number';

type Step = 'view' | 'edit' | 'verify';
type FocusTarget = 'number' | 'code' | 'notice' | 'start';

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

/** Where focus goes after the next render: the field just shown, or the message just written. */
function useFocusAfterRender() {
  const numberRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const setFocusTarget = (target: FocusTarget) => {
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
  return { numberRef, codeRef, noticeRef, startRef, setFocusTarget };
}

/** What the steps change: the step shown, its messages, the busy flag and where focus goes. */
interface Flow {
  setStep: (step: Step) => void;
  setFieldError: (error: string | null) => void;
  setNotice: (notice: string | null) => void;
  setIsBusy: (isBusy: boolean) => void;
  setFocusTarget: (target: FocusTarget) => void;
}

function fail(flow: Flow, message: string, field: 'number' | 'code') {
  flow.setFieldError(message);
  flow.setNotice(null);
  flow.setFocusTarget(field);
}

/** The mobile number's steps: view it, edit it, verify it with a texted code. */
export function useMobileNumber({
  phoneNumber,
  isVerified,
  onChanged,
}: {
  phoneNumber: string | undefined;
  isVerified: boolean;
  onChanged: () => Promise<void>;
}) {
  const [step, setStep] = useState<Step>('view');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { setFocusTarget, ...refs } = useFocusAfterRender();
  const flow: Flow = { setStep, setFieldError, setNotice, setIsBusy, setFocusTarget };
  const shown = phoneNumber ? formatMobileNumber(phoneNumber) : undefined;
  const sendCode = ({ isResend }: { isResend: boolean }) => sendNewCode(flow, isResend, shown);

  return {
    step,
    fieldError,
    notice,
    isBusy,
    ...refs,
    shown,
    sendCode,
    save: (event: FormEvent<HTMLFormElement>) =>
      saveNumber(flow, event, { phoneNumber, isVerified, onChanged, sendCode }),
    verify: (event: FormEvent<HTMLFormElement>) => verifyCode(flow, event, onChanged),
    startEditing() {
      setStep('edit');
      setNotice(null);
      setFieldError(null);
      setFocusTarget('number');
    },
    cancel() {
      setStep('view');
      setFieldError(null);
      setNotice(null);
      setFocusTarget('start');
    },
  };
}

/** Saves a new number (Cognito texts a code to verify it), or sends the code for the stored one. */
async function saveNumber(
  flow: Flow,
  event: FormEvent<HTMLFormElement>,
  {
    phoneNumber,
    isVerified,
    onChanged,
    sendCode,
  }: {
    phoneNumber: string | undefined;
    isVerified: boolean;
    onChanged: () => Promise<void>;
    sendCode: (options: { isResend: boolean }) => Promise<void>;
  },
) {
  event.preventDefault();
  const typed = String(new FormData(event.currentTarget).get('phoneNumber') ?? '');
  const parsed = parseMobileNumber(typed);
  if (!parsed.ok) {
    fail(flow, parsed.error, 'number');
    return;
  }
  if (parsed.e164 === phoneNumber) {
    if (isVerified) {
      flow.setStep('view');
      flow.setFieldError(null);
      flow.setNotice('That is already your verified mobile number.');
      flow.setFocusTarget('notice');
    } else {
      // Stored already: only the code is missing.
      await sendCode({ isResend: false });
    }
    return;
  }
  flow.setIsBusy(true);
  try {
    const output = await updateUserAttributes({ userAttributes: { phone_number: parsed.e164 } });
    await onChanged();
    flow.setFieldError(null);
    if (output.phone_number?.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE') {
      flow.setStep('verify');
      flow.setNotice(`We have texted a six-digit code to ${formatMobileNumber(parsed.e164)}.`);
      flow.setFocusTarget('code');
    } else {
      flow.setStep('view');
      flow.setNotice('Your mobile number has been saved.');
      flow.setFocusTarget('notice');
    }
  } catch (error) {
    fail(flow, messageFor(error), 'number');
  } finally {
    flow.setIsBusy(false);
  }
}

async function verifyCode(
  flow: Flow,
  event: FormEvent<HTMLFormElement>,
  onChanged: () => Promise<void>,
) {
  event.preventDefault();
  const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) {
    fail(flow, 'Enter the six-digit code from the text message.', 'code');
    return;
  }
  flow.setIsBusy(true);
  try {
    await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
    await onChanged();
    flow.setStep('view');
    flow.setFieldError(null);
    flow.setNotice('Your mobile number is verified. You can now sign in with it.');
    flow.setFocusTarget('notice');
  } catch (error) {
    fail(flow, messageFor(error), 'code');
  } finally {
    flow.setIsBusy(false);
  }
}

async function sendNewCode(flow: Flow, isResend: boolean, shown: string | undefined) {
  flow.setIsBusy(true);
  try {
    await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
    flow.setStep('verify');
    flow.setFieldError(null);
    flow.setNotice(
      `We have texted ${isResend ? 'a new' : 'a six-digit'} code to ${shown ?? 'your mobile'}.`,
    );
    flow.setFocusTarget('code');
  } catch (error) {
    flow.setNotice(null);
    flow.setStep('verify');
    fail(flow, messageFor(error), 'code');
  } finally {
    flow.setIsBusy(false);
  }
}
