import { countryDialCodes, translations } from '@aws-amplify/ui';
import { Authenticator, CheckboxField, Heading, useAuthenticator } from '@aws-amplify/ui-react';
import {
  confirmResetPassword,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signUp,
  type SignUpInput,
} from 'aws-amplify/auth';
import { MARKETING_CONSENT_WORDING } from '@domain/campaigns/campaign-inputs';
import { I18n } from 'aws-amplify/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { STORAGE_FLAGS, writeItem } from '~/lib/browser-storage';
import { normaliseSignInName } from '~/lib/phone-number';
import { LanguageSwitch, useSignInLanguage } from './languages/language-switch';
import { directionOf } from './languages/sign-in-language';
import { WELSH } from './languages/welsh';
import { MARKETING_OPT_IN_FIELD, rememberSignUpMarketingChoice } from './marketing-opt-in';

/** British wording for the Amplify UI Authenticator's English labels. */
const BRITISH_ENGLISH: Record<string, string> = {
  'Sign In': 'Sign in',
  'Sign in': 'Sign in',
  'Create Account': 'Create account',
  'Creating Account': 'Creating account',
  'Signing in': 'Signing in',
  'Forgot your password?': 'Forgotten your password?',
  'Reset Password': 'Reset your password',
  'Reset your password': 'Reset your password',
  'Send code': 'Send code',
  'Back to Sign In': 'Back to sign in',
  Email: 'E-mail address',
  'Enter your Email': 'name@example.co.uk',
  'Enter your email': 'name@example.co.uk',
  'Please enter a valid email': 'Please enter a valid email',
  'Phone Number': 'Mobile number',
  'Enter your Phone Number': '07700 900123',
  'Enter your phone number': '07700 900123',
  'Confirm Password': 'Confirm password',
  'New Password': 'New password',
  'Please confirm your Password': 'Type your password again',
  'Enter your Password': 'Your password',
  'Enter your password': 'Your password',
  Name: 'Full name',
  'Enter your Name': 'e.g. Priya Shah',
  'Enter your name': 'e.g. Priya Shah',
  'Sign in with Google': 'Continue with Google',
  'Sign In with Google': 'Continue with Google',
  'Sign in with Facebook': 'Continue with Facebook',
  'Sign In with Facebook': 'Continue with Facebook',
  'Sign in with Apple': 'Continue with Apple',
  'Sign In with Apple': 'Continue with Apple',
  'Sign in with Amazon': 'Continue with Amazon',
  'Sign In with Amazon': 'Continue with Amazon',
  // First sign-in with a temporary password.
  'Change Password': 'Change password',
  // Two-step verification: confirming, choosing and setting up a method.
  'Confirm Email Code': 'Enter the code we e-mailed you',
  'Confirm SMS Code': 'Enter the code we texted you',
  'Confirm TOTP Code': 'Enter the code from your authenticator app',
  'Confirm MFA Code': 'Enter your sign-in code',
  'Multi-Factor Authentication': 'Choose how to get your sign-in code',
  'Multi-Factor Authentication Setup': 'Choose how to get sign-in codes',
  'Email Message': 'E-mail',
  'Text Message (SMS)': 'Text message (SMS)',
  'Authenticator App (TOTP)': 'Authenticator app',
  'Setup Email': 'Set up e-mail codes',
  'Setup TOTP': 'Set up an authenticator app',
  // Verifying an unverified e-mail address or phone number after sign-in.
  'Account recovery requires verified contact information':
    'Confirm your e-mail address or mobile number so you can recover your account',
  'Verify Contact': 'Confirm your contact details',
  'We Emailed You': 'We have e-mailed you a code',
  'We Texted You': 'We have texted you a code',
  'We Sent A Code': 'We have sent you a code',
};

// Every language the kit ships (already in this chunk: the Authenticator imports them), Roost's
// British wording over its English, and Welsh, which the kit lacks.
I18n.putVocabularies(translations);
I18n.putVocabulariesForLanguage('en', BRITISH_ENGLISH);
I18n.putVocabulariesForLanguage('cy', WELSH);

/** UK first, then every other dial code once, in Amplify's order. */
const UK_FIRST_DIAL_CODES = ['+44', ...countryDialCodes.filter((code) => code !== '+44')];

/** People sign in with their e-mail address or their verified mobile number. */
const SIGN_IN_NAME_LABEL = 'Email or mobile number';

/**
 * Amplify UI's documented overrides of the calls the Authenticator makes: whatever was typed as
 * the username reaches the user pool normalised (a UK number such as 07700 900123 as
 * +447700900123, an e-mail address trimmed and lower-cased). The Authenticator keeps the typed
 * value for later steps (resending a sign-up code, resetting a password), so those are
 * normalised too.
 */
type Services = NonNullable<React.ComponentProps<typeof Authenticator>['services']>;

/** The Amplify call `call`, given the username normalised. */
function withNormalisedUsername<Input extends { username: string }, Output>(
  call: (input: Input) => Output,
) {
  return (input: Input) => call({ ...input, username: normaliseSignInName(input.username) });
}

/** A simple shape check: the user pool checks the address properly. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_EMAIL = 'Please enter a valid email';

/**
 * The services, with what the page must know of them: a password was reset (say so above the
 * sign-in form), an account was just confirmed (the first welcome is not 'Welcome back'), and the
 * sign-up e-mail checked under the field (the form's own browser bubble is switched off).
 */
function makeServices(options: { onPasswordReset: () => void }): Services {
  const confirmReset = withNormalisedUsername(confirmResetPassword);
  const confirm = withNormalisedUsername(confirmSignUp);
  // The service types are Amplify's own (overloaded) functions; these take the browser overload.
  return {
    handleSignIn: withNormalisedUsername(signIn) as Services['handleSignIn'],
    handleForgotPassword: withNormalisedUsername(resetPassword) as Services['handleForgotPassword'],
    handleForgotPasswordSubmit: (async (input: Parameters<typeof confirmReset>[0]) => {
      await confirmReset(input);
      options.onPasswordReset();
    }) as Services['handleForgotPasswordSubmit'],
    handleResendSignUpCode: withNormalisedUsername(
      resendSignUpCode,
    ) as Services['handleResendSignUpCode'],
    handleConfirmSignUp: (async (input: Parameters<typeof confirm>[0]) => {
      const result = await confirm(input);
      writeItem(STORAGE_FLAGS.newAccount, 'true');
      return result;
    }) as Services['handleConfirmSignUp'],
    // The marketing opt-in is Roost's, not a user-pool attribute: kept aside until signed in.
    handleSignUp: ((input: SignUpInput) => {
      const { [MARKETING_OPT_IN_FIELD]: optIn, ...userAttributes } = (input.options
        ?.userAttributes ?? {}) as Record<string, string | undefined>;
      rememberSignUpMarketingChoice(optIn === 'yes');
      return signUp({ ...input, options: { ...input.options, userAttributes } });
    }) as Services['handleSignUp'],
    async validateCustomSignUp(formData, touched) {
      const email = String(formData.email ?? '').trim();
      if ((touched.email || hasTriedSignUp()) && !LOOKS_LIKE_EMAIL.test(email)) {
        return { email: INVALID_EMAIL };
      }
      return undefined;
    },
  };
}

// Text, not type=email: a mobile number is a valid answer too.
const SIGN_IN_NAME_FIELD = {
  label: SIGN_IN_NAME_LABEL,
  labelHidden: false,
  type: 'text',
  placeholder: 'name@example.co.uk or 07700 900123',
  autocomplete: 'username',
};

const FORM_FIELDS = {
  signUp: {
    email: { order: 1, autocomplete: 'email' },
    name: { order: 2, isRequired: true, autocomplete: 'name' },
    password: { order: 3, autocomplete: 'new-password' },
    confirm_password: { order: 4, autocomplete: 'new-password' },
    phone_number: {
      order: 5,
      label: 'Mobile number (optional)',
      isRequired: false,
      dialCode: '+44',
      dialCodeList: UK_FIRST_DIAL_CODES,
      autocomplete: 'tel-national',
    },
  },
  signIn: {
    username: SIGN_IN_NAME_FIELD,
    password: { autocomplete: 'current-password' },
  },
  forgotPassword: { username: SIGN_IN_NAME_FIELD },
  forceNewPassword: {
    password: { autocomplete: 'new-password' },
  },
  confirmResetPassword: {
    confirmation_code: { label: 'Code *', placeholder: 'Code', labelHidden: false },
    password: {
      label: 'New Password',
      placeholder: 'Your new password',
      autocomplete: 'new-password',
    },
    confirm_password: {
      label: 'Confirm Password',
      placeholder: 'Type your new password again',
      autocomplete: 'new-password',
    },
  },
  confirmSignUp: {
    confirmation_code: { placeholder: 'Enter your code', labelHidden: false },
  },
  confirmSignIn: {
    confirmation_code: { label: 'Code *', placeholder: 'Code', labelHidden: false },
  },
  setupTotp: {
    // The name the authenticator app shows next to the codes.
    QR: { totpIssuer: 'Roost' },
    confirmation_code: { label: 'Code *', placeholder: 'Code', labelHidden: false },
  },
  setupEmail: {
    email: { label: 'E-mail address', labelHidden: false },
  },
};

export type AuthenticatorStart = 'signIn' | 'signUp' | 'forgotPassword';

/**
 * The prebuilt Amplify UI sign-in experience (sign in, sign up as the second tab, confirm,
 * forgotten password, new password, MFA, attribute verification, social buttons), configured
 * from /amplify-config.json before it renders.
 */
export default function AccountAuthenticator({
  initialState = 'signIn',
  onAuthenticated,
}: {
  initialState?: AuthenticatorStart;
  /**
   * Called once the Authenticator has finished every step. Amplify reports 'signedIn' as soon as
   * it holds tokens, but steps such as verifying an unverified e-mail address come after that.
   */
  onAuthenticated?: () => void;
}) {
  const [isPasswordReset, setIsPasswordReset] = useState(false);
  const [services] = useState(() =>
    makeServices({ onPasswordReset: () => setIsPasswordReset(true) }),
  );
  const components = useMemo(
    () => ({
      ...COMPONENTS,
      SignIn: {
        Header() {
          return isPasswordReset ? (
            <p className="alert alert--success auth-notice" role="status">
              Your password has been reset. Sign in with your new password.
            </p>
          ) : null;
        },
      },
      SignUp: {
        FormFields() {
          return (
            <>
              <Authenticator.SignUp.FormFields />
              {/* PECR: separate, never ticked for them, not a condition of signing up. */}
              <CheckboxField
                name={MARKETING_OPT_IN_FIELD}
                value="yes"
                label={`${MARKETING_CONSENT_WORDING} (optional)`}
              />
              <SignUpFormChecks />
            </>
          );
        },
      },
    }),
    [isPasswordReset],
  );
  const [language, chooseLanguage] = useSignInLanguage();
  return (
    <div lang={language} dir={directionOf(language)} className="auth-languages">
      <LanguageSwitch language={language} onChange={chooseLanguage} />
      <Authenticator
        // A new language draws the screens again in it (Amplify UI reads I18n as it renders).
        key={language}
        initialState={initialState}
        formFields={FORM_FIELDS}
        components={components}
        services={services}
      >
        {() => <SignedIn onMount={onAuthenticated} />}
      </Authenticator>
    </div>
  );
}

/**
 * Turns the sign-up form's browser validation off, so an empty or mistyped e-mail address is
 * reported under its field by the Authenticator ('Please enter a valid email') rather than only
 * in a browser bubble, and notes the first attempt to submit.
 */
function SignUpFormChecks() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest('form');
    if (!form) return;
    form.noValidate = true;
    const onSubmit = () => (form.dataset.submitAttempted = 'true');
    form.addEventListener('submit', onSubmit, { capture: true });
    return () => form.removeEventListener('submit', onSubmit, { capture: true });
  }, []);
  return <span ref={marker} hidden />;
}

/** Whether the sign-up form on screen has been submitted at least once. */
function hasTriedSignUp(): boolean {
  return (
    document.querySelector<HTMLFormElement>('[data-amplify-authenticator-signup]')?.dataset
      .submitAttempted === 'true'
  );
}

/**
 * Setting up an authenticator app: what to do, and a real button to copy the key (the
 * Authenticator's own copy icon cannot be reached with the keyboard).
 */
const COMPONENTS = {
  SetupTotp: {
    Header() {
      return (
        <>
          <Heading level={3}>{I18n.get('Setup TOTP')}</Heading>
          <p className="auth-hint">
            Scan the QR code with your authenticator app, or enter the key below by hand. Then type
            the six-digit code the app shows.
          </p>
        </>
      );
    },
    Footer: CopyTotpKey,
  },
};

function CopyTotpKey() {
  const { totpSecretCode } = useAuthenticator((context) => [context.totpSecretCode]);
  const [message, setMessage] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(totpSecretCode ?? '');
      setMessage('Key copied.');
    } catch (error) {
      console.warn('Could not copy the key', error);
      setMessage('Could not copy the key: select it and copy it instead.');
    }
  }
  return (
    <div className="auth-copy-key">
      <button
        type="button"
        className="amplify-button amplify-button--link"
        onClick={() => void copy()}
      >
        Copy the key
      </button>
      <p role="status" className="auth-hint">
        {message}
      </p>
    </div>
  );
}

function SignedIn({ onMount }: { onMount?: () => void }) {
  useEffect(() => {
    onMount?.();
  }, [onMount]);
  return (
    <p className="auth-loading" role="status">
      Signing you in…
    </p>
  );
}
