import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHECK_THE_FORM,
  dispatchIntent,
  formText,
  formTexts,
  formValues,
  parseForm,
  UNKNOWN_INTENT,
} from './form-submission.ts';

function form(entries: [string, string | Blob][]): FormData {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

describe('form submission', () => {
  it('reads text fields, lists repeated names and leaves files out', () => {
    const values = formValues(
      form([
        ['reason', 'spam'],
        ['tag', 'a'],
        ['tag', 'b'],
        ['photo', new Blob(['x'])],
      ]),
    );
    expect(values).toEqual({ reason: 'spam', tag: ['a', 'b'] });
    expect(formText(form([['photo', new Blob(['x'])]]), 'photo')).toBe('');
  });

  it('reads each text field as one string, the first sent, for refilling a form', () => {
    const texts = formTexts(
      form([
        ['name', 'Ann'],
        ['tag', 'a'],
        ['tag', 'b'],
        ['photo', new Blob(['x'])],
        ['toString', 'x'],
      ]),
    );
    expect(texts).toEqual({ name: 'Ann', tag: 'a', toString: 'x' });
  });

  it('parses with the schema and gives one message per field when it fails', () => {
    const schema = z.object({
      reason: z.string().min(3, 'Give a reason'),
      count: z.coerce.number(),
    });
    expect(
      parseForm(
        form([
          ['reason', 'fraud'],
          ['count', '2'],
        ]),
        schema,
      ),
    ).toEqual({
      ok: true,
      value: { reason: 'fraud', count: 2 },
    });
    expect(
      parseForm(
        form([
          ['reason', 'x'],
          ['count', '1'],
        ]),
        schema,
      ),
    ).toEqual({
      ok: false,
      error: CHECK_THE_FORM,
      fields: { reason: 'Give a reason' },
    });
  });

  it('runs the named intent and answers an unknown one with 400 and one message', async () => {
    const handlers = { save: (formData: FormData) => `saved ${formText(formData, 'name')}` };
    await expect(
      dispatchIntent(
        form([
          ['intent', 'save'],
          ['name', 'Ann'],
        ]),
        handlers,
      ),
    ).resolves.toBe('saved Ann');
    for (const intent of ['delete', 'toString', '']) {
      const thrown = await dispatchIntent(form([['intent', intent]]), handlers).catch((e) => e);
      expect(thrown).toMatchObject({ init: { status: 400 }, data: { error: UNKNOWN_INTENT } });
    }
  });
});
