/** Free text as Roost stores it: normalised, with contact details and unlawful wording kept out. */

/** Wording refused in adverts (Equality Act; Renters' Rights Act 2025 from 1 May 2026). */
const UNLAWFUL_WORDING: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\bno\s+(dss|benefits?|housing\s+benefit|universal\s+credit)\b|\bdss\s+not\b/i,
    reason:
      "'No DSS' or 'No benefits' wording is unlawful: you may not refuse tenants because they receive benefits.",
  },
  {
    pattern: /\bno\s+(children|kids|families)\b|\b(adults|professionals)\s+only\b/i,
    reason:
      "'No children' wording is unlawful: you may not refuse tenants because they have children.",
  },
];

const PHONE = /(?:\+44\s?\(?0?\)?|\(?0)(?:[\s\-().]*\d){9,10}/g;
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\[at\]|\(at\))\s*[a-z0-9.-]+\.[a-z]{2,}/gi;
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|co\.uk|uk|net|org|io|me)(?:\/\S*)?\b/gi;

/** Replaces phone numbers (UK, +44, spaced digits), e-mail addresses and links with `marker`. */
export function replaceContactDetails(text: string, marker: string): string {
  return text.replace(EMAIL, marker).replace(LINK, marker).replace(PHONE, marker);
}

/** Removes phone numbers, e-mail addresses and links, so contact stays on Roost. */
export function stripContactDetails(text: string): string {
  return replaceContactDetails(text, '[removed]');
}

/** Plain text: trimmed lines, at most one blank line between paragraphs, no control characters. */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export function unlawfulWordingReason(text: string): string | undefined {
  return UNLAWFUL_WORDING.find(({ pattern }) => pattern.test(text))?.reason;
}
