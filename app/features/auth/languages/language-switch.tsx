import { I18n } from 'aws-amplify/utils';
import { useId, useState } from 'react';
import { readItem, writeItem } from '~/lib/browser-storage';
import {
  chooseSignInLanguage,
  SIGN_IN_LANGUAGE_KEY,
  SIGN_IN_LANGUAGES,
  type SignInLanguage,
} from './sign-in-language';

/**
 * The sign-in screens' language: the stored choice, else the browser's, set in Amplify's I18n
 * before the screens render. Choosing one with the switch is remembered on this device: it is
 * a setting the visitor asked for, not tracking.
 */
export function useSignInLanguage(): [SignInLanguage, (language: SignInLanguage) => void] {
  // The Authenticator renders in the browser only, so navigator is there to read.
  const [language, setLanguage] = useState(() =>
    chooseSignInLanguage(readItem(SIGN_IN_LANGUAGE_KEY), navigator.languages ?? []),
  );
  I18n.setLanguage(language);
  const choose = (next: SignInLanguage) => {
    writeItem(SIGN_IN_LANGUAGE_KEY, next);
    setLanguage(next);
  };
  return [language, choose];
}

/** 'Language (Iaith)': every language the screens speak, each by its own name. */
export function LanguageSwitch({
  language,
  onChange,
}: {
  language: SignInLanguage;
  onChange: (language: SignInLanguage) => void;
}) {
  const id = useId();
  return (
    <p className="auth-language">
      <label htmlFor={id} lang="en">
        Language <span lang="cy">(Iaith)</span>
      </label>{' '}
      <select
        id={id}
        value={language}
        onChange={(event) => onChange(event.target.value as SignInLanguage)}
      >
        {SIGN_IN_LANGUAGES.map(([code, name]) => (
          <option key={code} value={code} lang={code === 'ua' ? 'uk' : code}>
            {name}
          </option>
        ))}
      </select>
    </p>
  );
}
