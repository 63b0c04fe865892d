import type { ContactKind } from '../contact-details.ts';

/** A message that carries a contact detail, and the characters that must not survive masking. */
export interface Positive {
  text: string;
  /** Each disguised detail as written; none of them may appear in the masked text. */
  details: string[];
  kind: ContactKind;
}

/** Shorthand for a positive whose detail is written once. */
export const positive = (kind: ContactKind, text: string, detail: string): Positive => ({
  text,
  details: [detail],
  kind,
});
