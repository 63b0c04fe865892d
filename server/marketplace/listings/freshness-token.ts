import { readSignedLink, signLink } from '../../http/signed-link.ts';

const PURPOSE = 'listing-freshness';

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
  return signLink(
    secret,
    PURPOSE,
    `${claim.listingId}.${claim.action}.${claim.requestedAt.getTime()}`,
  );
}

export function readFreshnessToken(
  secret: Buffer,
  token: string,
  now: Date = new Date(),
): FreshnessTokenReading {
  const body = readSignedLink(secret, PURPOSE, token);
  const match = body === undefined ? null : /^(\d{1,15})\.(keep|agreed)\.(\d{1,15})$/.exec(body);
  if (!match) return { kind: 'invalid' };
  const [, id, action, requestedMs] = match;
  const listingId = Number(id);
  const requestedAt = new Date(Number(requestedMs));
  if (now.getTime() > requestedAt.getTime() + FRESHNESS_LINK_VALID_MS) {
    return { kind: 'expired', listingId };
  }
  return { kind: 'valid', listingId, action: action as FreshnessAction, requestedAt };
}
