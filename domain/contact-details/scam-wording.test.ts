import { describe, expect, it } from 'vitest';
import type { ScamWarningKind } from './contact-details.ts';
import { scamWarnings } from './contact-details.ts';
import { SCAM_PATTERNS, SCAM_WARNING_MESSAGES } from './scam-wording.ts';

/** At least one message per pattern id, and the kind it must raise. */
const POSITIVES: { id: string; text: string; kind: ScamWarningKind }[] = [
  {
    id: 'pay-before-viewing',
    text: 'Please pay the first month before the viewing so I know you are serious.',
    kind: 'payment-before-viewing',
  },
  {
    id: 'pay-before-viewing',
    text: 'You can send the deposit without viewing, the photos are accurate.',
    kind: 'payment-before-viewing',
  },
  {
    id: 'view-after-payment',
    text: 'You can view the flat once the deposit has been paid.',
    kind: 'payment-before-viewing',
  },
  {
    id: 'bank-transfer',
    text: 'Pay the holding deposit by bank transfer to sort code 20-00-00.',
    kind: 'bank-transfer',
  },
  { id: 'bank-transfer', text: 'Payment by transfer only please.', kind: 'bank-transfer' },
  {
    id: 'send-to-account',
    text: 'Send £500 to my account and I will confirm.',
    kind: 'bank-transfer',
  },
  { id: 'bank-details', text: 'I will give you my account number.', kind: 'bank-transfer' },
  { id: 'bank-details', text: 'Use Western Union, it is quicker.', kind: 'bank-transfer' },
  { id: 'gift-cards', text: 'You can pay with Amazon gift cards.', kind: 'gift-card' },
  { id: 'gift-cards', text: 'Steam vouchers or Bitcoin are fine.', kind: 'gift-card' },
  { id: 'sender-abroad', text: 'I am currently abroad with my work.', kind: 'abroad' },
  { id: 'sender-abroad', text: "I'm overseas so I can't show you round.", kind: 'abroad' },
  { id: 'sender-abroad', text: 'We are working away until next year.', kind: 'abroad' },
  { id: 'sender-abroad', text: 'I moved to Spain and now live overseas.', kind: 'abroad' },
  {
    id: 'courier-keys',
    text: 'A courier will deliver the keys to you after payment.',
    kind: 'courier-keys',
  },
  {
    id: 'courier-keys',
    text: 'The keys will be posted by Royal Mail.',
    kind: 'courier-keys',
  },
  {
    id: 'agent-holds-keys',
    text: 'My agent is holding the keys until the deposit clears.',
    kind: 'courier-keys',
  },
  {
    id: 'agent-holds-keys',
    text: 'Airbnb will handle the payment and the keys.',
    kind: 'courier-keys',
  },
  {
    id: 'deposit-for-viewing',
    text: 'A £50 deposit is needed to secure a viewing.',
    kind: 'viewing-deposit',
  },
  {
    id: 'deposit-for-viewing',
    text: 'There is a small viewing fee of £20.',
    kind: 'viewing-deposit',
  },
  {
    id: 'deposit-for-viewing',
    text: 'Pay a holding fee to book the viewing appointment.',
    kind: 'viewing-deposit',
  },
];

const BENIGN = [
  'We can discuss the deposit at the viewing.',
  'The deposit is protected with the DPS after you sign.',
  'Viewings are on Saturday, no need to bring anything.',
  'I work at the hospital and can view any evening.',
  'I have lived abroad before but I am back in Leeds now.',
  'The agent has the keys and will show you round on Tuesday.',
  'Could you send me more photos of the kitchen?',
  'Holding deposit of one week’s rent once you decide, after the viewing.',
  'Is the flat near a bus stop?',
  'Happy to meet at the property on Sunday at 2pm.',
  'Rent is paid monthly by standing order.',
  'The previous tenants left the keys with the neighbour.',
];

describe('scam wording', () => {
  it('has a test message for every pattern and words for every kind', () => {
    const ids = new Set(SCAM_PATTERNS.map((pattern) => pattern.id));
    expect(ids.size).toBe(SCAM_PATTERNS.length);
    expect(new Set(POSITIVES.map((positive) => positive.id))).toEqual(ids);
    for (const message of Object.values(SCAM_WARNING_MESSAGES)) {
      expect(message.length).toBeGreaterThan(40);
    }
  });

  it.each(POSITIVES)('$id: warns "$kind" for "$text"', ({ id, text, kind }) => {
    const pattern = SCAM_PATTERNS.find((candidate) => candidate.id === id);
    expect(pattern?.kind).toBe(kind);
    expect(scamWarnings(text).map((warning) => warning.kind)).toContain(kind);
  });

  it.each(BENIGN)('does not warn about "%s"', (text) => {
    expect(scamWarnings(text)).toEqual([]);
  });

  it('returns each kind once with its plain-words message', () => {
    const warnings = scamWarnings(
      'Pay by bank transfer to my account before the viewing, then a courier will post the keys. Bank transfer only.',
    );
    expect(warnings.map((warning) => warning.kind).sort()).toEqual([
      'bank-transfer',
      'courier-keys',
      'payment-before-viewing',
    ]);
    for (const warning of warnings)
      expect(warning.message).toBe(SCAM_WARNING_MESSAGES[warning.kind]);
  });

  it('reads disguised wording', () => {
    expect(scamWarnings('ｇｉｆｔ ｃａｒｄｓ only').map((warning) => warning.kind)).toEqual([
      'gift-card',
    ]);
    expect(scamWarnings('I am ovеrseas').map((warning) => warning.kind)).toEqual(['abroad']);
  });
});
