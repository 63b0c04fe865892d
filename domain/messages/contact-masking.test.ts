import { describe, expect, it } from 'vitest';
import {
  haveBothReplied,
  HIDDEN_CONTACT_DETAILS,
  messageTextFor,
  type ParticipantRole,
} from './contact-masking.ts';

const HIDDEN = HIDDEN_CONTACT_DETAILS;
const beforeReplies = { role: 'enquirer' as ParticipantRole, haveBothReplied: false };
const fromLister = (body: string) => ({ body, senderRole: 'lister' as ParticipantRole });

describe('masking contact details in messages', () => {
  it.each([
    ['Ring me on 07700 900123 tomorrow', `Ring me on ${HIDDEN} tomorrow`],
    ['Call 07700900123', `Call ${HIDDEN}`],
    ['Call +44 7700 900123.', `Call ${HIDDEN}.`],
    ['Call +447700900123', `Call ${HIDDEN}`],
    ['Office: +44 (0)20 7946 0018', `Office: ${HIDDEN}`],
    ['Office: (0113) 496 0000', `Office: ${HIDDEN}`],
    ['Spaced: 0 7 7 0 0 9 0 0 1 2 3 ok', `Spaced: ${HIDDEN} ok`],
    ['Dashed: 0113-496-0000', `Dashed: ${HIDDEN}`],
    ['Mail lena@example.co.uk please', `Mail ${HIDDEN} please`],
    ['Mail lena (at) example.com please', `Mail ${HIDDEN} please`],
    ['See https://scam.example/pay?now=1 first', `See ${HIDDEN} first`],
    ['See www.example.org first', `See ${HIDDEN} first`],
    ['See paynow.co.uk first', `See ${HIDDEN} first`],
  ])('hides %j from the other party before both have replied', (body, shown) => {
    expect(messageTextFor(fromLister(body), beforeReplies)).toBe(shown);
  });

  it.each([
    'Viewing on 28 11 2026 at 10:30 suits me',
    'The asking price is £250,000 and the deposit £1,200',
    'Flat 12, 3 Park Road, LS6 2AB',
  ])('leaves ordinary text alone: %j', (body) => {
    expect(messageTextFor(fromLister(body), beforeReplies)).toBe(body);
  });

  it('shows the reader their own message as written', () => {
    const body = 'My number is 07700 900123';
    expect(messageTextFor(fromLister(body), { role: 'lister', haveBothReplied: false })).toBe(body);
  });

  it('shows details as written once both have replied', () => {
    const body = 'My number is 07700 900123';
    expect(messageTextFor(fromLister(body), { role: 'enquirer', haveBothReplied: true })).toBe(
      body,
    );
  });
});

describe('both sides have replied', () => {
  it.each<[ParticipantRole[], boolean]>([
    [['enquirer'], false],
    [['enquirer', 'enquirer'], false],
    [['enquirer', 'lister'], false],
    [['enquirer', 'lister', 'lister'], false],
    [['enquirer', 'lister', 'enquirer'], true],
    [['enquirer', 'enquirer', 'lister'], true],
  ])('%j → %s', (roles, expected) => {
    expect(haveBothReplied(roles)).toBe(expected);
  });
});
