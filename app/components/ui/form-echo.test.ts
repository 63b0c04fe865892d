import { describe, expect, it } from 'vitest';
import { echo } from './form-echo';

describe('echo', () => {
  it('gives the field its name, the value typed and its message', () => {
    const result = { values: { code: 'SPRING' }, fields: { code: 'Already taken.' } };
    expect(echo(result, 'code')).toEqual({
      name: 'code',
      defaultValue: 'SPRING',
      error: 'Already taken.',
    });
  });

  it('falls back when nothing was typed and has no message without a failure', () => {
    expect(echo(null, 'kind', 'percent')).toEqual({
      name: 'kind',
      defaultValue: 'percent',
      error: undefined,
    });
    expect(echo({ values: { kind: '' } }, 'kind', 'percent').defaultValue).toBe('');
  });

  it('reads the message from the schema path when it differs from the name', () => {
    const result = { values: { channel: 'rent' }, fields: { 'audience.channel': 'Choose one.' } };
    expect(echo(result, 'channel', 'sale', 'audience.channel')).toEqual({
      name: 'channel',
      defaultValue: 'rent',
      error: 'Choose one.',
    });
  });
});
