import { describe, expect, it } from 'vitest';
import { maskContactDetails, maskMarker } from './contact-details.ts';
import { bankPositives } from './corpus/bank.ts';
import { benignNegatives } from './corpus/benign.ts';
import { emailPositives } from './corpus/emails.ts';
import { handlePositives } from './corpus/handles.ts';
import { linkPositives } from './corpus/links.ts';
import { phonePositives } from './corpus/phones.ts';
import type { Positive } from './corpus/types.ts';

const positives: Record<string, Positive[]> = {
  phone: phonePositives,
  email: emailPositives,
  link: linkPositives,
  handle: handlePositives,
  bank: bankPositives,
};

/** Words of four letters or more written outside the details: masking must leave them. */
function contextWords({ text, details }: Positive): string[] {
  let rest = text;
  for (const detail of details) rest = rest.replace(detail, ' ');
  return rest.split(/[^\p{L}]+/u).filter((word) => word.length >= 4);
}

describe('the contact-detail corpus', () => {
  it('holds at least 150 positives and 60 benign messages', () => {
    expect(Object.values(positives).flat().length).toBeGreaterThanOrEqual(150);
    expect(benignNegatives.length).toBeGreaterThanOrEqual(60);
  });

  for (const [kind, cases] of Object.entries(positives)) {
    describe(`${kind} positives`, () => {
      it.each(cases)('masks $details in "$text"', (positive) => {
        for (const detail of positive.details) expect(positive.text).toContain(detail);
        const masked = maskContactDetails(positive.text);
        for (const detail of positive.details) expect(masked.text).not.toContain(detail);
        expect(masked.text).toContain(maskMarker(positive.kind));
        expect(masked.kinds).toContain(positive.kind);
        for (const word of contextWords(positive)) expect(masked.text).toContain(word);
      });
    });
  }

  describe('benign messages', () => {
    it.each(benignNegatives)('leaves "%s" unchanged', (text) => {
      expect(maskContactDetails(text)).toEqual({ text, kinds: [] });
    });
  });
});
