import { describe, expect, it } from 'vitest';
import { mayHoldSignIn } from './stored-sign-in';

const prefix = 'CognitoIdentityServiceProvider.client1';

function check(cookie: string, local: Record<string, string> = {}) {
  return mayHoldSignIn(cookie, Object.keys(local), (key) => local[key] ?? null);
}

describe('mayHoldSignIn', () => {
  it('is true with the sign-in cookie Amplify writes, wherever it stands among the cookies', () => {
    expect(check(`${prefix}.LastAuthUser=alice`)).toBe(true);
    expect(check(`cookie-choice=1; ${prefix}.LastAuthUser=alice; theme=dark`)).toBe(true);
    expect(check(`theme=dark;${prefix}.LastAuthUser=b%40x.test`)).toBe(true);
  });

  it('is true while a Google sign-in is on its way back, and not once Amplify has finished it', () => {
    expect(check('', { [`${prefix}.inflightOAuth`]: 'true' })).toBe(true);
    expect(check('', { [`${prefix}.inflightOAuth`]: 'false' })).toBe(false);
  });

  it('is false for a visitor who never signed in, or has signed out', () => {
    expect(check('')).toBe(false);
    expect(check('cookie-choice=1; theme=dark', { 'recently-viewed': '[1,2]' })).toBe(false);
    // Other Amplify keys without the last user: Amplify itself finds no tokens then.
    expect(check('', { [`${prefix}.alice.refreshToken`]: 'r' })).toBe(false);
    // Only the cookie's name counts, not a value that happens to mention it.
    expect(check(`note=${prefix}.LastAuthUser`)).toBe(false);
    expect(check(`${prefix}.alice.idToken=x`)).toBe(false);
  });
});
