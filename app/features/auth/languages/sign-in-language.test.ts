import { describe, expect, it } from 'vitest';
import { chooseSignInLanguage, directionOf } from './sign-in-language';

describe('chooseSignInLanguage', () => {
  it('takes the stored choice first, then the first browser language the screens speak', () => {
    expect(chooseSignInLanguage('cy', ['fr-FR', 'en-GB'])).toBe('cy');
    expect(chooseSignInLanguage(null, ['fr-FR', 'en-GB'])).toBe('fr');
    expect(chooseSignInLanguage(null, ['gd', 'de-AT', 'en'])).toBe('de');
    expect(chooseSignInLanguage(null, ['cy-GB'])).toBe('cy');
  });

  it('maps browser tags that the kit names differently', () => {
    expect(chooseSignInLanguage(null, ['uk-UA'])).toBe('ua');
    expect(chooseSignInLanguage(null, ['nn-NO'])).toBe('nb');
    expect(chooseSignInLanguage(null, ['zh-Hant-TW'])).toBe('zh');
  });

  it('falls back to British English, ignoring a stored value it does not know', () => {
    expect(chooseSignInLanguage('xx', ['gd', 'ga'])).toBe('en');
    expect(chooseSignInLanguage(null, [])).toBe('en');
  });

  it('writes Hebrew right to left', () => {
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('cy')).toBe('ltr');
  });
});
