import type { ContactKind, ContactSpan } from './contact-details.ts';
import { originalRange, type MappedText } from './mapped-text.ts';

/** Which kind names a span where details of several kinds overlap (an e-mail holds digits). */
const PRIORITY: Record<ContactKind, number> = { email: 5, bank: 4, handle: 3, link: 2, phone: 1 };

/** The original span of units `[start, end)` of `mapped`. */
export function spanOf(
  mapped: MappedText,
  start: number,
  end: number,
  kind: ContactKind,
): ContactSpan {
  const [from, to] = originalRange(mapped, start, end);
  return { start: from, end: to, kind };
}

/** Spans sorted and joined where they overlap, each named by its most telling kind. */
export function mergeSpans(spans: readonly ContactSpan[]): ContactSpan[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: ContactSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      if (PRIORITY[span.kind] > PRIORITY[last.kind]) last.kind = span.kind;
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}
