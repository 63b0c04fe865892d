import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  FAVOURITE_ALERT_KINDS,
  type FavouriteAlertKind,
} from '../../../domain/favourites/favourite-alerts.ts';

export interface FavouriteAlertUnsubscribe {
  userSub: string;
  kind: FavouriteAlertKind;
}

/**
 * `<kind>.<user, base64url>.<mac>`: lets anyone holding the e-mail turn off that one kind of
 * saved-home e-mail for that one account, and nothing else.
 */
export function createFavouriteAlertToken(
  secret: Buffer,
  { userSub, kind }: FavouriteAlertUnsubscribe,
): string {
  return `${kind}.${Buffer.from(userSub).toString('base64url')}.${mac(secret, userSub, kind)}`;
}

export function readFavouriteAlertToken(
  secret: Buffer,
  token: string,
): FavouriteAlertUnsubscribe | undefined {
  const match = /^([a-z_]{1,20})\.([\w-]{1,200})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const kind = FAVOURITE_ALERT_KINDS.find((candidate) => candidate === match[1]);
  if (!kind) return undefined;
  const userSub = Buffer.from(match[2]!, 'base64url').toString();
  const expected = Buffer.from(mac(secret, userSub, kind));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userSub, kind }
    : undefined;
}

function mac(secret: Buffer, userSub: string, kind: FavouriteAlertKind): string {
  return createHmac('sha256', secret)
    .update(`favourite-alert-unsubscribe:${kind}:${userSub}`)
    .digest('base64url');
}
