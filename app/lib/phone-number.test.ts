import { describe, expect, it } from 'vitest';
import { formatMobileNumber, normaliseSignInName, parseMobileNumber, toE164 } from './phone-number';

describe('normaliseSignInName', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    ['  +44 (0)7700 900-123 ', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('turns the number %j into %j', (typed, expected) => {
    expect(normaliseSignInName(typed)).toBe(expected);
  });

  it('trims and lower-cases an e-mail address', () => {
    expect(normaliseSignInName('  Priya.Shah@Example.CO.UK ')).toBe('priya.shah@example.co.uk');
  });

  it('passes anything else through, trimmed', () => {
    expect(normaliseSignInName(' 5f0c7a1e-0000-4000-8000-000000000000 ')).toBe(
      '5f0c7a1e-0000-4000-8000-000000000000',
    );
    expect(normaliseSignInName('12345')).toBe('12345');
  });
});

describe('toE164', () => {
  it('refuses what cannot be a phone number', () => {
    expect(toE164('07700 9001x3')).toBeUndefined();
    expect(toE164('+44')).toBeUndefined();
    expect(toE164('7700900123')).toBeUndefined();
    expect(toE164('+0447700900123')).toBeUndefined();
  });
});

describe('parseMobileNumber', () => {
  it('accepts UK mobiles in any usual form, and international numbers with a +', () => {
    expect(parseMobileNumber('07700 900123')).toEqual({ ok: true, e164: '+447700900123' });
    expect(parseMobileNumber('+44 7700 900123')).toEqual({ ok: true, e164: '+447700900123' });
    expect(parseMobileNumber('+33 6 12 34 56 78')).toEqual({ ok: true, e164: '+33612345678' });
  });

  it('explains what is wrong', () => {
    expect(parseMobileNumber('  ')).toEqual({
      ok: false,
      error: 'Enter your mobile number, like 07700 900123.',
    });
    expect(parseMobileNumber('call me')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Enter a UK mobile number, like 07700 900123'),
    });
    // A UK landline, and a mobile with a digit missing.
    for (const number of ['020 7946 0000', '07700 90012']) {
      expect(parseMobileNumber(number)).toEqual({
        ok: false,
        error: 'Enter a UK mobile number: 11 digits starting 07, like 07700 900123.',
      });
    }
  });
});

describe('formatMobileNumber', () => {
  it('shows UK numbers the way people write them', () => {
    expect(formatMobileNumber('+447700900123')).toBe('07700 900123');
    expect(formatMobileNumber('+33612345678')).toBe('+33612345678');
  });
});
