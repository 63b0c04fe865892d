/**
 * Wording that marks the common rental scams, kept as data: each pattern has an id (named in
 * tests), the kind of scam, and the words the reader is shown. Patterns read folded text (see
 * fold-text.ts) and use bounded gaps only, so no input makes them slow.
 */
import type { ScamWarning, ScamWarningKind } from './contact-details.ts';
import { foldForComparison } from './fold-text.ts';

export interface ScamPattern {
  id: string;
  kind: ScamWarningKind;
  pattern: RegExp;
}

/** What the reader is told, once per kind. */
export const SCAM_WARNING_MESSAGES: Record<ScamWarningKind, string> = {
  'payment-before-viewing':
    'This message asks for money before you have seen the property. Never pay anything before you have viewed it in person.',
  'bank-transfer':
    'This message asks for a bank transfer. Scammers ask for transfers because the money cannot be got back; check who you are paying before you send anything.',
  'gift-card':
    'This message asks for payment in gift cards, vouchers or cryptocurrency. No genuine landlord or agent takes payment this way.',
  abroad:
    'The sender says they are abroad or away. "I am overseas, so I cannot show you round" is a common scam story.',
  'courier-keys':
    'This message says a courier, agent or booking site will hold or send the keys after you pay. This is a common scam: genuine landlords and agents show you round first.',
  'viewing-deposit':
    'This message asks for a deposit or fee to hold or book a viewing. Viewings are free; do not pay to see a property.',
};

/** A gap of up to `n` characters within one sentence. */
const gap = (n: number) => `[^.!?\\n]{0,${n}}`;
const PAY = '(?:pay|paid|paying|payment|send|sending|transfer|deposit|money|fee)';

export const SCAM_PATTERNS: readonly ScamPattern[] = [
  {
    id: 'pay-before-viewing',
    kind: 'payment-before-viewing',
    pattern: new RegExp(
      `\\b${PAY}\\b${gap(60)}\\b(?:before|prior to|without)\\b${gap(20)}\\b(?:view|viewing|viewings|seeing|see|visit)`,
    ),
  },
  {
    id: 'view-after-payment',
    kind: 'payment-before-viewing',
    pattern: new RegExp(
      `\\b(?:view|viewing|see the (?:property|flat|house|room))\\b${gap(40)}\\b(?:once|after|when)\\b${gap(20)}\\b(?:pay|paid|payment|deposit|transfer)`,
    ),
  },
  {
    id: 'bank-transfer',
    kind: 'bank-transfer',
    pattern: /\b(?:bank|wire|direct|money|online) transfer\b|\bpay(?:ment)? by transfer\b/,
  },
  {
    id: 'send-to-account',
    kind: 'bank-transfer',
    pattern: new RegExp(
      `\\b(?:send|transfer|pay|wire)\\b${gap(40)}\\bto (?:my|our|the|this) (?:bank )?account\\b`,
    ),
  },
  {
    id: 'bank-details',
    kind: 'bank-transfer',
    pattern: /\b(?:sort code|account number|iban|western union|moneygram)\b/,
  },
  {
    id: 'gift-cards',
    kind: 'gift-card',
    pattern:
      /\b(?:gift ?cards?|vouchers?|itunes|google play card|steam card|amazon card|paysafe ?card|bitcoin|crypto(?:currency)?|usdt)\b/,
  },
  {
    id: 'sender-abroad',
    kind: 'abroad',
    pattern: new RegExp(
      `\\b(?:i am|i'm|im|we are|we're|i have been|i've been|i currently live|i live|i moved|we moved|i relocated|i'm currently|i am currently)\\b${gap(25)}\\b(?:abroad|overseas|out of the country|working away|away for work|away on business|posted to|deployed|on an oil rig|offshore)\\b`,
    ),
  },
  {
    id: 'courier-keys',
    kind: 'courier-keys',
    pattern: new RegExp(
      `\\b(?:courier|dhl|fedex|ups|royal mail|parcel ?force|post|posted|deliver|delivered)\\b${gap(40)}\\bkeys?\\b|\\bkeys?\\b${gap(30)}\\b(?:couriered|posted|delivered|sent to you|mailed|by courier|by post)\\b`,
    ),
  },
  {
    id: 'agent-holds-keys',
    kind: 'courier-keys',
    pattern: new RegExp(
      `\\b(?:airbnb|agent|agency|company)\\b${gap(30)}\\b(?:holds|holding|will hold|keeps|is keeping|has custody of)\\b${gap(10)}\\bkeys?\\b|\\bairbnb\\b${gap(40)}\\b(?:payment|deposit|pay|keys?)\\b`,
    ),
  },
  {
    id: 'deposit-for-viewing',
    kind: 'viewing-deposit',
    pattern: new RegExp(
      `\\b(?:deposit|fee|payment|pay)\\b${gap(40)}\\b(?:to|for)\\b${gap(15)}\\b(?:hold|secure|book|reserve|guarantee|arrange|confirm)\\b${gap(15)}\\b(?:viewing|viewings|a view|appointment)\\b|\\bviewing (?:fee|deposit)\\b`,
    ),
  },
];

export function warningsIn(text: string): ScamWarning[] {
  const folded = foldForComparison(text).replace(/[’‘]/g, "'");
  const kinds = new Set<ScamWarningKind>();
  for (const { kind, pattern } of SCAM_PATTERNS) {
    if (!kinds.has(kind) && pattern.test(folded)) kinds.add(kind);
  }
  return [...kinds].map((kind) => ({ kind, message: SCAM_WARNING_MESSAGES[kind] }));
}
