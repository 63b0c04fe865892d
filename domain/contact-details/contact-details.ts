/**
 * Contact details written into free text: the one detector every surface that carries one
 * person's words to another uses (messages, enquiries, e-mails, listing text, profiles, reports).
 */
import { detectIn } from './detect.ts';
import { warningsIn } from './scam-wording.ts';
import { mergeSpans } from './spans.ts';
import { findSplitNumbers } from './split-numbers.ts';

export type ContactKind = 'phone' | 'email' | 'link' | 'handle' | 'bank';

/** A contact detail found in the text, by the original text's UTF-16 offsets. */
export interface ContactSpan {
  start: number;
  end: number;
  kind: ContactKind;
}

export interface DetectOptions {
  /**
   * The same sender's earlier unmasked messages in the conversation (oldest first), so a detail
   * split over several messages is still found in the newest one.
   */
  earlier?: readonly string[];
}

export interface MaskResult {
  /** The text with each detail replaced by a plain-words marker. */
  text: string;
  /** The kinds of detail masked, each once, in the order first found. */
  kinds: ContactKind[];
}

/**
 * Where contact details are in `text`. With `options.earlier`, the sender's earlier messages are
 * read together with `text`, so a detail split over messages is found; only the part written in
 * `text` is returned. A detail already complete in the earlier messages is not extended into
 * `text` (a number followed by '2 bedrooms?' in the next message).
 */
export function findContactDetails(text: string, options: DetectOptions = {}): ContactSpan[] {
  const own = detectIn(text);
  const earlier = options.earlier ?? [];
  if (earlier.length === 0) return own;
  const before = earlier.join('\n') + '\n';
  const earlierEnd = before.trimEnd().length;
  const completeBefore = detectIn(before).filter((span) => span.end >= earlierEnd);
  const carried: ContactSpan[] = [];
  for (const span of detectIn(before + text)) {
    if (span.end <= before.length || span.start >= before.length) continue;
    const alreadyComplete = completeBefore.some((earlierSpan) => earlierSpan.end > span.start);
    if (!alreadyComplete)
      carried.push({ start: 0, end: span.end - before.length, kind: span.kind });
  }
  return mergeSpans([...own, ...carried, ...findSplitNumbers(text, earlier)]);
}

const HIDDEN: Record<ContactKind, string> = {
  phone: 'phone number',
  email: 'e-mail address',
  link: 'link',
  handle: 'messaging app contact',
  bank: 'bank details',
};

/** The marker shown in place of a detail of `kind`: what was hidden, and until when. */
export function maskMarker(kind: ContactKind): string {
  return `[${HIDDEN[kind]} hidden until you have both replied]`;
}

/** `text` with every contact detail replaced by its marker. */
export function maskContactDetails(text: string, options: DetectOptions = {}): MaskResult {
  const spans = findContactDetails(text, options);
  let out = '';
  let at = 0;
  const kinds: ContactKind[] = [];
  for (const span of spans) {
    out += text.slice(at, span.start) + maskMarker(span.kind);
    at = span.end;
    if (!kinds.includes(span.kind)) kinds.push(span.kind);
  }
  return { text: out + text.slice(at), kinds };
}

export type ScamWarningKind =
  | 'payment-before-viewing'
  | 'bank-transfer'
  | 'gift-card'
  | 'abroad'
  | 'courier-keys'
  | 'viewing-deposit';

export interface ScamWarning {
  kind: ScamWarningKind;
  /** Plain words shown to the reader beside the message. */
  message: string;
}

/** The scam patterns `text` matches, each once. */
export function scamWarnings(text: string): ScamWarning[] {
  return warningsIn(text);
}
