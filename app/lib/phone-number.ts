/**
 * Mobile numbers as people type them, turned into the E.164 form the user pool stores
 * (`+447700900123`). UK first: a number without a country code is a UK number.
 */

const E164 = /^\+[1-9]\d{6,14}$/;
/** UK mobile numbers: 07 and nine more digits nationally, +44 7 and nine more digits in E.164. */
const UK_MOBILE_E164 = /^\+447\d{9}$/;

/**
 * Best-effort E.164 for something that looks like a phone number, or undefined when it does not.
 * Accepts spaces, dashes, dots and brackets, a `(0)` after +44, the 00 international prefix,
 * `44…` without the plus, and UK national numbers starting with 0.
 */
export function toE164(input: string): string | undefined {
  let value = input.trim().replace(/^\+44\s*\(0\)/, '+44');
  if (!/^\+?[\d\s\-.()]+$/.test(value)) return undefined;
  const hasPlus = value.startsWith('+');
  value = value.replace(/[^\d]/g, '');
  let e164: string;
  if (hasPlus) e164 = `+${value}`;
  else if (value.startsWith('00')) e164 = `+${value.slice(2)}`;
  else if (value.startsWith('0')) e164 = `+44${value.slice(1)}`;
  else if (value.startsWith('44') && value.length === 12) e164 = `+${value}`;
  else return undefined;
  return E164.test(e164) ? e164 : undefined;
}

/**
 * What the sign-in form sends as the username: an e-mail address trimmed and lower-cased, a
 * phone number in E.164, anything else trimmed (an internal username).
 */
export function normaliseSignInName(input: string): string {
  const value = input.trim();
  if (value.includes('@')) return value.toLowerCase();
  return toE164(value) ?? value;
}

export type MobileNumberResult = { ok: true; e164: string } | { ok: false; error: string };

/** Checks a mobile number typed on the account page; the message says how to put it right. */
export function parseMobileNumber(input: string): MobileNumberResult {
  const value = input.trim();
  if (!value) return { ok: false, error: 'Enter your mobile number, like 07700 900123.' };
  const e164 = toE164(value);
  if (!e164) {
    return {
      ok: false,
      error:
        'Enter a UK mobile number, like 07700 900123, or an international number starting with +.',
    };
  }
  if (e164.startsWith('+44') && !UK_MOBILE_E164.test(e164)) {
    return {
      ok: false,
      error: 'Enter a UK mobile number: 11 digits starting 07, like 07700 900123.',
    };
  }
  return { ok: true, e164 };
}

/** `+447700900123` → `07700 900123` for UK numbers; other numbers as stored. */
export function formatMobileNumber(e164: string): string {
  if (UK_MOBILE_E164.test(e164)) return `0${e164.slice(3, 7)} ${e164.slice(7)}`;
  return e164;
}
