/**
 * Messaging-app handles written as words: '@handle' or a handle after a messaging app's name
 * ('telegram: jsmith', 'my insta is janeflats', 'add me on snapchat jsmith99'), '@handle on
 * telegram', 'add me @handle', and bare '@handles' with digits or underscores. Links to the
 * apps (wa.me, t.me…) are found with the other links (links.ts).
 */
import type { ContactSpan } from './contact-details.ts';
import type { MappedText } from './mapped-text.ts';
import { spanOf } from './spans.ts';

const APPS =
  'whats ?app|watsapp|whatsap|telegram|tg|signal|instagram|insta|ig|snapchat|snap|facebook|fb|messenger|viber|wechat|kik|skype|discord|tiktok';
const APP = new RegExp(`(?<![a-z0-9])(?:${APPS})(?![a-z0-9])`, 'g');
const HANDLE_BEFORE_APP = new RegExp(
  `(?<![a-z0-9._%+-])@[a-z][a-z0-9._]{1,31}(?=\\s+(?:on|via|at)\\s+(?:${APPS})(?![a-z0-9]))`,
  'g',
);
const HANDLE_AFTER_ASKING =
  /@(?<=\b(?:add|follow|dm|message|msg|text|find)\s+me\s+(?:(?:on|at)\s+)?@)[a-z][a-z0-9._]{1,31}/g;
const BARE_HANDLE = /(?<![a-z0-9._%+-])@[a-z][a-z0-9._]{2,31}/g;

/** App names that are also everyday words: only an '@handle' or a request makes them an app. */
const EVERYDAY_APP_NAMES = new Set(['signal', 'snap', 'messenger']);

/** Words allowed between the app's name and the handle. */
const FILLERS = new Set([
  'is',
  'me',
  'on',
  'at',
  'my',
  'id',
  'name',
  'username',
  'user',
  'handle',
  'account',
  'via',
  'add',
]);
/** Words or marks that say the next word is the handle. */
const INTRODUCERS = new Set([':', '=', '>', '→', '➜', 'id', 'name', 'username', 'user', 'handle']);
const NOT_HANDLES = new Set([
  'please',
  'thanks',
  'instead',
  'only',
  'too',
  'then',
  'now',
  'later',
  'today',
  'tomorrow',
  'the',
  'and',
  'or',
  'if',
  'but',
  'so',
  'for',
  'with',
  'fine',
  'easier',
  'better',
]);
const TOKEN = /@?[a-z0-9][a-z0-9._]*|[:=>→➜]/g;

/** Whether the words before the app's name ask to be found there ('my', 'add me on'). */
function askedFor(before: string): boolean {
  return /(?:\bmy|\b(?:add|find|follow|message|dm|text|msg|contact|reach)\s+me\s+(?:on|at|via))\s*$/.test(
    before,
  );
}

/** The handle written just after an app's name ending at `end`, as [start, end], if any. */
function handleAfterApp(
  text: string,
  end: number,
  asked: boolean,
  everyday: boolean,
): [number, number] | undefined {
  let introduced = false;
  let fillers = 0;
  const window = text.slice(end, end + 60);
  for (const token of window.matchAll(TOKEN)) {
    const word = token[0].replace(/\.+$/, '');
    // A number after the app's name is a phone number, found as one.
    if (/^[0-9]+$/.test(word)) return undefined;
    if (INTRODUCERS.has(word)) introduced = true;
    if (word === 'is' && asked) introduced = true;
    if (FILLERS.has(word) || INTRODUCERS.has(word)) {
      fillers += 1;
      if (fillers > 4) return undefined;
      continue;
    }
    const marked = word.startsWith('@') || (!everyday && /[0-9_.]/.test(word));
    const named =
      (asked || (introduced && !everyday)) && word.length >= 3 && !NOT_HANDLES.has(word);
    if (!marked && !named) return undefined;
    return [end + token.index, end + token.index + word.length];
  }
  return undefined;
}

export function findHandles(normal: MappedText): ContactSpan[] {
  const { text } = normal;
  const ranges: [number, number][] = [];
  for (const app of text.matchAll(APP)) {
    const asked = askedFor(text.slice(Math.max(0, app.index - 30), app.index));
    const everyday = EVERYDAY_APP_NAMES.has(app[0]);
    const handle = handleAfterApp(text, app.index + app[0].length, asked, everyday);
    if (handle) ranges.push(handle);
  }
  for (const pattern of [HANDLE_BEFORE_APP, HANDLE_AFTER_ASKING]) {
    for (const match of text.matchAll(pattern)) {
      ranges.push([match.index, match.index + match[0].length]);
    }
  }
  for (const match of text.matchAll(BARE_HANDLE)) {
    if (/[0-9_]/.test(match[0])) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges.map(([start, end]) => spanOf(normal, start, end, 'handle'));
}
