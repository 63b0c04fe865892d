/** E-mail addresses, read in the defanged view (see defang.ts). */
import tlds from 'tlds';
import type { ContactSpan } from './contact-details.ts';
import type { MappedText } from './mapped-text.ts';
import { spanOf } from './spans.ts';

export const TOP_LEVEL_DOMAINS = new Set(tlds);

const EMAIL =
  /(?<![a-z0-9._%+-])[a-z0-9][a-z0-9._%+-]{0,63}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}/g;

/** Length of `domain`'s longest leading part that ends in a known top-level domain, or 0. */
export function knownDomainLength(domain: string): number {
  const labels = domain.split('.');
  for (let count = labels.length; count >= 2; count -= 1) {
    const tld = labels[count - 1] ?? '';
    if (TOP_LEVEL_DOMAINS.has(tld)) return labels.slice(0, count).join('.').length;
  }
  return 0;
}

/** An address at a large mail provider written without its top-level domain ('jane at gmail'). */
const PROVIDER_ADDRESS =
  /(?<![a-z0-9._%+-])[a-z0-9][a-z0-9._%+-]{0,63}(?:@|\s+at\s+)(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|protonmail|btinternet|aol)(?![a-z0-9-])/g;

export function findEmails(view: MappedText): ContactSpan[] {
  const spans = [...view.text.matchAll(PROVIDER_ADDRESS)].map((match) =>
    spanOf(view, match.index, match.index + match[0].length, 'email'),
  );
  if (!view.text.includes('@')) return spans;
  for (const match of view.text.matchAll(EMAIL)) {
    const at = match[0].indexOf('@');
    const domainLength = knownDomainLength(match[0].slice(at + 1));
    if (domainLength === 0) continue;
    spans.push(spanOf(view, match.index, match.index + at + 1 + domainLength, 'email'));
  }
  return spans;
}
