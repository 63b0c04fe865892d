/**
 * Which language the sign-in screens speak: the visitor's own choice when they made one, else the
 * first of the browser's languages that the screens have, else British English.
 */

/** Every language the sign-in screens speak, by its own name (the list in the switch). */
export const SIGN_IN_LANGUAGES = [
  ['en', 'English'],
  ['cy', 'Cymraeg'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['hu', 'Magyar'],
  ['id', 'Bahasa Indonesia'],
  ['it', 'Italiano'],
  ['nb', 'Norsk bokmål'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['pt', 'Português'],
  ['sv', 'Svenska'],
  ['tr', 'Türkçe'],
  ['ru', 'Русский'],
  ['ua', 'Українська'],
  ['he', 'עברית'],
  ['th', 'ไทย'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['zh', '中文'],
] as const;

export type SignInLanguage = (typeof SIGN_IN_LANGUAGES)[number][0];

/** The browser-storage key of a choice made with the switch. */
export const SIGN_IN_LANGUAGE_KEY = 'sign-in-language';

/** Browser language tags whose primary subtag differs from the kit's dictionary name. */
const ALIASES: Record<string, SignInLanguage> = { uk: 'ua', nn: 'nb', no: 'nb', kr: 'ko' };

function asSignInLanguage(tag: string | null | undefined): SignInLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const known = SIGN_IN_LANGUAGES.find(([code]) => code === primary)?.[0];
  return known ?? ALIASES[primary];
}

/** The language to show, from a stored choice and `navigator.languages`, best first. */
export function chooseSignInLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): SignInLanguage {
  const chosen = asSignInLanguage(stored);
  if (chosen) return chosen;
  for (const tag of browserLanguages) {
    const language = asSignInLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

/** Right-to-left scripts among the languages, for the `dir` of the sign-in screens. */
export function directionOf(language: SignInLanguage): 'rtl' | 'ltr' {
  return language === 'he' ? 'rtl' : 'ltr';
}
