import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the lister answers to 'Is it still available?': still on the market, or sold STC / let agreed. */
export const FRESHNESS_ACTIONS = ['keep', 'agreed'] as const;
export type FreshnessAction = (typeof FRESHNESS_ACTIONS)[number];

/** A link stops working this long after the question it answers was asked. */
export const FRESHNESS_LINK_VALID_MS = 14 * 86_400_000;

export interface FreshnessClaim {
  listingId: number;
  action: FreshnessAction;
  /** The listing's `confirmRequestedAt` when the link was made: a later answer or question voids it. */
  requestedAt: Date;
}

export type FreshnessTokenReading =
  | ({ kind: 'valid' } & FreshnessClaim)
  | { kind: 'expired'; listingId: number }
  | { kind: 'invalid' };

/**
 * `<id>.<action>.<requested at, ms>.<mac>`: lets anyone holding the e-mail give that one answer
 * for that one listing, for that one question, and nothing else.
 */
export function createFreshnessToken(secret: Buffer, claim: FreshnessClaim): string {
  const body = `${claim.listingId}.${claim.action}.${claim.requestedAt.getTime()}`;
  return `${body}.${mac(secret, body)}`;
}

export function readFreshnessToken(
  secret: Buffer,
  token: string,
  now: Date = new Date(),
): FreshnessTokenReading {
  const match = /^((\d{1,15})\.(keep|agreed)\.(\d{1,15}))\.([\w-]{43})$/.exec(token);
  if (!match) return { kind: 'invalid' };
  const [, body, id, action, requestedMs, given] = match;
  const expected = Buffer.from(mac(secret, body!));
  const received = Buffer.from(given!);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return { kind: 'invalid' };
  }
  const listingId = Number(id);
  const requestedAt = new Date(Number(requestedMs));
  if (now.getTime() > requestedAt.getTime() + FRESHNESS_LINK_VALID_MS) {
    return { kind: 'expired', listingId };
  }
  return { kind: 'valid', listingId, action: action as FreshnessAction, requestedAt };
}

function mac(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(`listing-freshness:${body}`).digest('base64url');
}
