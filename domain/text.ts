/** Free text as Roost stores it: normalised, with contact details and unlawful wording kept out. */

/**
 * Wording refused in every advert, in title, description and key features: blanket refusals of
 * benefit claimants or families (Renters' Rights Act 2025 in England from 1 May 2026; Wales from
 * 1 June 2026; Scotland from 1 May 2026; Equality Act 2010 indirect discrimination). The lawful
 * exceptions are structured fields, not free text: 'Retirement home' among the features, and
 * 'Student' as the type of let.
 */
const UNLAWFUL_WORDING: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /\bno\s+(dss|benefits?|housing\s+benefit|hb|universal\s+credit|uc|lha|local\s+housing\s+allowance|benefit\s+claimants|claimants|tenants\s+on\s+benefits)\b|\b(dss|benefits?|housing\s+benefit|universal\s+credit|benefit\s+claimants)\s+not\s+(accepted|considered|allowed)\b|\bdss\s+not\b|\bnot\s+suitable\s+for\s+(dss|benefit\s+claimants|those\s+on\s+benefits)\b|\b(working\s+)?(professionals|employed(\s+tenants)?|working\s+tenants)\s+only\b|\bmust\s+be\s+(in\s+(full[\s-]+time\s+)?employment|employed|working)\b/i,
    reason:
      "'No DSS', 'No benefits' or 'professionals only' wording is unlawful: you may not refuse tenants because they receive benefits.",
  },
  {
    pattern:
      /\bno\s+(children|kids|families|babies|under[\s-]*18s?|young\s+children)\b|\b(adults|couples)\s+only\b|\bnot\s+suitable\s+for\s+(children|kids|families)\b|\bchild[\s-]*free\s+(home|household|building)\b/i,
    reason:
      "'No children' wording is unlawful: you may not refuse tenants because they have children. For retirement housing choose 'Retirement home' under features instead.",
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
