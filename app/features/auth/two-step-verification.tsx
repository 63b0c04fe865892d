import {
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
  type UpdateMFAPreferenceInput,
} from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { RadioGroup } from '~/components/ui/choice-group';
import type { Option } from '~/components/ui/select';
import { TextField } from '~/components/ui/text-field';
import { authErrorMessage } from './auth-error-message';

/** The three ways the user pool can ask for a second step, in the order the page offers them. */
const METHODS = ['TOTP', 'SMS', 'EMAIL'] as const;
type Method = (typeof METHODS)[number];

const METHOD_NAMES: Record<Method, string> = {
  TOTP: 'Authenticator app',
  SMS: 'Text message',
  EMAIL: 'E-mail',
};

const METHOD_KEYS: Record<Method, keyof UpdateMFAPreferenceInput> = {
  TOTP: 'totp',
  SMS: 'sms',
  EMAIL: 'email',
};

interface Preference {
  enabled: Method[];
  preferred: Method | undefined;
}

interface Contact {
  /** Whether the account has a confirmed mobile number (text-message codes need one). */
  hasVerifiedMobile: boolean;
  /** Whether the account's e-mail address is confirmed (e-mail codes need it). */
  hasVerifiedEmail: boolean;
}

/**
 * Two-step verification on /my-account: an authenticator app, text messages or e-mail, any of
 * them on at once, and which one sign-in asks for first (or a choice each time), through the
 * user pool's own MFA preference calls.
 */
export function TwoStepVerification({
  accountName,
  hasVerifiedMobile,
  hasVerifiedEmail,
}: Contact & { accountName: string }) {
  const id = useId();
  const { preference, totpSetup, error, notice, startTotp, verifyTotp, turn, choosePreferred } =
    useTwoStepVerification(accountName);

  const unavailable: Partial<Record<Method, string>> = {
    ...(hasVerifiedMobile ? {} : { SMS: 'Add and confirm a mobile number above first.' }),
    ...(hasVerifiedEmail ? {} : { EMAIL: 'Confirm your e-mail address first.' }),
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-step verification</h2>
      <p>
        Protect your account with a code as well as your password when you sign in. Choose how to
        get it: from an authenticator app, by text message or by e-mail.
      </p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="alert alert--success" role="status">
          {notice}
        </p>
      ) : null}
      {preference === null ? (
        <p>Checking…</p>
      ) : (
        <>
          <ul className="mfa-methods">
            {METHODS.map((method) => (
              <MethodRow
                key={method}
                method={method}
                isOn={preference.enabled.includes(method)}
                unavailable={unavailable[method]}
                onTurnOn={() => (method === 'TOTP' ? void startTotp() : void turn(method, true))}
                onTurnOff={() => void turn(method, false)}
              />
            ))}
          </ul>
          {preference.enabled.length > 1 ? (
            <PreferredMethod preference={preference} onChoose={(c) => void choosePreferred(c)} />
          ) : null}
        </>
      )}
      {totpSetup ? <TotpSetupForm setup={totpSetup} idBase={id} onSubmit={verifyTotp} /> : null}
    </section>
  );
}

/** The account's MFA preference, read from the pool, and the calls that change it. */
function useTwoStepVerification(accountName: string) {
  const [preference, setPreference] = useState<Preference | null>(null);
  const [totpSetup, setTotpSetup] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = () =>
    fetchMFAPreference().then(
      (result) => setPreference(preferenceOf(result)),
      () => setPreference({ enabled: [], preferred: undefined }),
    );
  useEffect(() => {
    void reload();
  }, []);

  async function run(change: () => Promise<unknown>, done: string) {
    setError(null);
    setNotice(null);
    try {
      await change();
      await reload();
      setNotice(done);
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
  }

  async function startTotp() {
    setError(null);
    setNotice(null);
    try {
      const details = await setUpTOTP();
      const uri = details.getSetupUri('Roost', accountName).toString();
      const qrDataUrl = await QRCode.toDataURL(uri, { width: 228, margin: 1 });
      setTotpSetup({ secret: details.sharedSecret, qrDataUrl });
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
  }

  async function verifyTotp(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    if (!code) {
      setError('Enter the six-digit code from your authenticator app.');
      return;
    }
    await run(async () => {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: turnOnAs(preference) });
      setTotpSetup(null);
    }, 'Two-step verification is on. You will be asked for a code when you sign in.');
  }

  const turn = (method: Method, on: boolean) =>
    run(
      () => updateMFAPreference({ [METHOD_KEYS[method]]: on ? turnOnAs(preference) : 'DISABLED' }),
      on
        ? `${METHOD_NAMES[method]} codes are on. You will be asked for a code when you sign in.`
        : `${METHOD_NAMES[method]} codes are off.`,
    );

  const choosePreferred = (choice: Method | 'ASK') => {
    // The choice shows at once; the pool's answer then confirms it (or the error says why not).
    setPreference((current) =>
      current ? { ...current, preferred: choice === 'ASK' ? undefined : choice } : current,
    );
    return run(
      () => updateMFAPreference(preferring(choice, preference)),
      choice === 'ASK'
        ? 'You will choose how to get your code each time you sign in.'
        : `Sign-in will ask for a code by ${METHOD_NAMES[choice].toLowerCase()} first.`,
    );
  };

  return { preference, totpSetup, error, notice, startTotp, verifyTotp, turn, choosePreferred };
}

function preferenceOf(result: Awaited<ReturnType<typeof fetchMFAPreference>>): Preference {
  return {
    enabled: METHODS.filter((method) => result.enabled?.includes(method)),
    preferred: result.preferred,
  };
}

/** A method turned on is preferred if it is the first, else one more to choose from. */
function turnOnAs(preference: Preference | null): 'ENABLED' | 'PREFERRED' {
  return preference?.enabled.length ? 'ENABLED' : 'PREFERRED';
}

/** The chosen method preferred, the others not (all not, to be asked each time). */
function preferring(
  choice: Method | 'ASK',
  preference: Preference | null,
): UpdateMFAPreferenceInput {
  return Object.fromEntries(
    (preference?.enabled ?? []).map((method) => [
      METHOD_KEYS[method],
      method === choice ? 'PREFERRED' : 'NOT_PREFERRED',
    ]),
  );
}

function MethodRow({
  method,
  isOn,
  unavailable,
  onTurnOn,
  onTurnOff,
}: {
  method: Method;
  isOn: boolean;
  unavailable: string | undefined;
  onTurnOn: () => void;
  onTurnOff: () => void;
}) {
  const name = METHOD_NAMES[method];
  return (
    <li className="mfa-methods__item" data-testid={`mfa-${method.toLowerCase()}`}>
      <span>
        <strong>{name}</strong>: {isOn ? 'on' : 'off'}
        {!isOn && unavailable ? <span className="hint"> {unavailable}</span> : null}
      </span>
      {isOn ? (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={onTurnOff}
        >
          Turn off {name.toLowerCase()} codes
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          onClick={onTurnOn}
          disabled={Boolean(unavailable)}
        >
          {method === 'TOTP'
            ? 'Set up an authenticator app'
            : `Turn on ${name.toLowerCase()} codes`}
        </button>
      )}
    </li>
  );
}

/** With two or more methods on: which one sign-in asks for, or a choice each time. */
function PreferredMethod({
  preference,
  onChoose,
}: {
  preference: Preference;
  onChoose: (choice: Method | 'ASK') => void;
}) {
  const choices: Option[] = [
    ...preference.enabled.map((method): Option => [method, METHOD_NAMES[method]]),
    ['ASK', 'Ask me each time I sign in'],
  ];
  return (
    <RadioGroup
      name="preferred-mfa"
      legend="Which code should sign-in ask for?"
      options={choices}
      value={preference.preferred ?? 'ASK'}
      onChange={(choice) => onChoose(choice as Method | 'ASK')}
    />
  );
}

function TotpSetupForm({
  setup,
  idBase,
  onSubmit,
}: {
  setup: { secret: string; qrDataUrl: string };
  idBase: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className="totp-setup" onSubmit={onSubmit} noValidate>
      <p>Scan this QR code with your authenticator app, or enter the key by hand.</p>
      <img
        src={setup.qrDataUrl}
        width={228}
        height={228}
        alt="QR code for your authenticator app"
      />
      <p>
        Key:{' '}
        <code className="totp-secret" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <TextField
        id={`${idBase}-code`}
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
      />
      <button type="submit" className="button button--small">
        Turn on two-step verification
      </button>
    </form>
  );
}
