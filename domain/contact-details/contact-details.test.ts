import { describe, expect, it } from 'vitest';
import { findContactDetails, maskContactDetails, maskMarker } from './contact-details.ts';

const PHONE = maskMarker('phone');
const EMAIL = maskMarker('email');

describe('masking', () => {
  it('replaces exactly the original characters of a disguised detail', () => {
    expect(maskContactDetails('Ring ０７７００ ９００１２３ after six').text).toBe(
      `Ring ${PHONE} after six`,
    );
    expect(maskContactDetails('Ring 0\u200b7700 900123!').text).toBe(`Ring ${PHONE}!`);
    expect(maskContactDetails('Mail jane (at) example (dot) com today').text).toBe(
      `Mail ${EMAIL} today`,
    );
  });

  it('keeps characters outside the BMP whole', () => {
    const text = '🏠 call 𝟎𝟕𝟕𝟎𝟎 𝟗𝟎𝟎𝟏𝟐𝟑 🏠';
    const [span] = findContactDetails(text);
    expect(text.slice(span?.start, span?.end)).toBe('𝟎𝟕𝟕𝟎𝟎 𝟗𝟎𝟎𝟏𝟐𝟑');
  });

  it('says in plain words what was hidden, and lists each kind once', () => {
    const masked = maskContactDetails('07700 900123 or 07700 900456, or jane@example.com');
    expect(masked.kinds).toEqual(['phone', 'email']);
    expect(masked.text).toBe(`${PHONE} or ${PHONE}, or ${EMAIL}`);
    expect(maskMarker('bank')).toBe('[bank details hidden until you have both replied]');
    expect(maskMarker('handle')).toBe('[messaging app contact hidden until you have both replied]');
    expect(maskMarker('link')).toBe('[link hidden until you have both replied]');
  });

  it('names an overlap by its most telling kind', () => {
    expect(maskContactDetails('whatsapp wa.me/447700900123').kinds).toEqual(['handle']);
    expect(maskContactDetails('john07700900123@example.com').kinds).toEqual(['email']);
    expect(maskContactDetails('sort code 20 00 00 account 12345678').kinds).toEqual(['bank']);
  });
});

describe('a detail split over messages', () => {
  it('masks the part of a number written in the newest of two messages', () => {
    const earlier = ['call me on 07700'];
    expect(maskContactDetails('900123', { earlier })).toEqual({ text: PHONE, kinds: ['phone'] });
    expect(maskContactDetails('900123')).toEqual({ text: '900123', kinds: [] });
  });

  it('masks the last part of a number split over three messages', () => {
    const earlier = ['my number', '07700', '900'];
    expect(maskContactDetails('123 thanks', { earlier }).text).toBe(`${PHONE} thanks`);
    expect(findContactDetails('123 thanks', { earlier })).toEqual([
      { start: 0, end: 3, kind: 'phone' },
    ]);
  });

  it('masks digits spoken over two messages and an address split at its @', () => {
    expect(
      maskContactDetails('nine double oh one two three', {
        earlier: ['zero seven seven double oh'],
      }).text,
    ).toBe(PHONE);
    expect(maskContactDetails('@example.com', { earlier: ['jane.smith'] }).text).toBe(EMAIL);
  });

  it('masks the newest message’s own details as well', () => {
    const masked = maskContactDetails('900123 or jane@example.com', { earlier: ['07700'] });
    expect(masked.text).toBe(`${PHONE} or ${EMAIL}`);
  });

  it('does not run a number already complete earlier into the next message', () => {
    const earlier = ['07700 900123'];
    expect(maskContactDetails('2 bedrooms?', { earlier }).text).toBe('2 bedrooms?');
  });

  it('leaves the newest message alone when the earlier ones only hold everyday figures', () => {
    const earlier = ['The rent is £1,250 pcm', 'Deposit 5 weeks'];
    const text = 'Viewing at 10:30 on 12/03/2027, flat 3';
    expect(maskContactDetails(text, { earlier }).text).toBe(text);
  });

  it('masks the rest of a number given a few digits a message with words between', () => {
    const earlier = ['my number starts 07700'];
    expect(maskContactDetails('and the rest is 900123', { earlier }).text).toBe(
      `and the rest is ${PHONE}`,
    );
    expect(maskContactDetails('then 900 123', { earlier: ['Ring 07700'] }).text).toBe(
      `then ${PHONE}`,
    );
    expect(maskContactDetails('we have 3 bedrooms and 2 bathrooms', { earlier }).text).toBe(
      'we have 3 bedrooms and 2 bathrooms',
    );
  });
});
