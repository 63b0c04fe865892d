/**
 * Links, by linkify-it with the full list of top-level domains, read in the defanged view
 * (see defang.ts), so bare domains on any top-level domain and 'hxxps://' forms are links too.
 * Links to messaging apps count as messaging handles.
 */
import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds';
import type { ContactSpan } from './contact-details.ts';
import { WORD_TLDS } from './defang.ts';
import type { MappedText } from './mapped-text.ts';
import { spanOf } from './spans.ts';

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false }).tlds(tlds);

/** Hosts whose links open a conversation in a messaging app. */
const MESSENGER_HOSTS =
  /^(?:www\.)?(?:wa\.me|(?:chat|api|web)\.whatsapp\.com|whatsapp\.com|t\.me|telegram\.(?:me|dog)|signal\.(?:me|group)|instagram\.com|instagr\.am|snapchat\.com|facebook\.com|fb\.me|fb\.com|m\.me|messenger\.com|viber\.com|invite\.viber\.com|wechat\.com|kik\.me|join\.skype\.com|discord\.gg|discord\.com|tiktok\.com)$/;

function hostOf(url: string): string {
  return url.replace(/^[a-z]+:\/\//, '').split(/[/?#:]/)[0] ?? '';
}

/**
 * Whether a link written without scheme, 'www.' or path is more likely a missing space after a
 * full stop: 'work.now', 'the station.Now'.
 */
function looksLikeSentence(raw: string, original: string): boolean {
  if (/^(?:[a-z]+:|www\.)|\//.test(raw)) return false;
  const tld = raw.slice(raw.lastIndexOf('.') + 1);
  if (WORD_TLDS.has(tld)) return true;
  // 'station.Now': lower-case word, full stop, capitalised word.
  return /^[a-z]+\.[A-Z][a-z]+$/.test(original);
}

/** Words that could hold a link: a dot between letters or digits, or '://'. */
const LINK_SHAPED = /[\p{L}\p{N}-]\.\p{L}|:\/\//u;

export function findLinks(view: MappedText, original: string): ContactSpan[] {
  const spans: ContactSpan[] = [];
  // Links hold no spaces: linkify-it reads only the words shaped like one, which keeps it fast.
  for (const word of view.text.matchAll(/\S+/g)) {
    if (!LINK_SHAPED.test(word[0])) continue;
    for (const match of linkify.match(word[0]) ?? []) {
      const start = word.index + match.index;
      const span = spanOf(view, start, word.index + match.lastIndex, 'link');
      const written = original.slice(span.start, span.end);
      if (match.schema === '' && looksLikeSentence(match.raw, written)) continue;
      const host = hostOf(match.url.toLowerCase());
      spans.push({ ...span, kind: MESSENGER_HOSTS.test(host) ? 'handle' : 'link' });
    }
  }
  return spans;
}
