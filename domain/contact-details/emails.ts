/** E-mail addresses, read in the defanged view (see defang.ts). */
import tlds from 'tlds';
import type { ContactSpan } from './contact-details.ts';
import type { MappedText } from './mapped-text.ts';
import { spanOf } from './spans.ts';

export const TOP_LEVEL_DOMAINS = new Set(tlds);

/** The local part just before an '@' (read in the 66 characters before it). */
const LOCAL_PART = /(?:^|[^a-z0-9._%+-])([a-z0-9][a-z0-9._%+-]{0,63})$/;
/** The domain just after an '@' (sticky: read from the '@' on, without copying the rest). */
const DOMAIN = /[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}/y;

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
  // Each '@' is read on its own, so a false start ('me@john.smith@outlook.com', from 'me at john
  // dot smith at outlook dot com') does not hide the real address after it.
  for (let at = view.text.indexOf('@'); at !== -1; at = view.text.indexOf('@', at + 1)) {
    const local = LOCAL_PART.exec(view.text.slice(Math.max(0, at - 66), at))?.[1];
    DOMAIN.lastIndex = at + 1;
    const domain = DOMAIN.exec(view.text)?.[0];
    const domainLength = local && domain ? knownDomainLength(domain) : 0;
    if (domainLength === 0) continue;
    spans.push(spanOf(view, at - local!.length, at + 1 + domainLength, 'email'));
  }
  return spans;
}
