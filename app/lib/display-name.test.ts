import { describe, expect, it } from 'vitest';
import { displayNameOf } from './display-name';

describe('displayNameOf', () => {
  it.each([
    [{ name: 'Ada Lovelace', givenName: 'A', email: 'ada@example.co.uk' }, 'Ada Lovelace'],
    [{ givenName: 'Ada', familyName: 'Lovelace', preferredUsername: 'ada' }, 'Ada Lovelace'],
    [{ givenName: 'Ada' }, 'Ada'],
    [{ name: '  ', preferredUsername: 'countess', email: 'ada@example.co.uk' }, 'countess'],
    [{ email: 'ada.l@example.co.uk' }, 'ada.l'],
    [{}, 'User'],
    [null, 'User'],
  ])('%o → %s', (claims, expected) => {
    expect(displayNameOf(claims)).toBe(expected);
  });
});
