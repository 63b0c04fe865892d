/** The detection pipeline over one text: normalise, undo defanging, run each detector, merge. */
import { findBankDetails } from './bank.ts';
import type { ContactSpan } from './contact-details.ts';
import { undoDefanging } from './defang.ts';
import { findEmails } from './emails.ts';
import { findHandles } from './handles.ts';
import { findLinks } from './links.ts';
import { normaliseForDetection } from './normalise.ts';
import { findPhones } from './phones.ts';
import { mergeSpans } from './spans.ts';

/** Contact details in `text`, by its own offsets, sorted and not overlapping. */
export function detectIn(text: string): ContactSpan[] {
  const normal = normaliseForDetection(text);
  const view = undoDefanging(normal);
  return mergeSpans([
    ...findPhones(normal),
    ...findBankDetails(normal),
    ...findHandles(normal),
    ...findEmails(view),
    ...findLinks(view, text),
  ]);
}
