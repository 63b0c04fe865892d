import { readSignedLink, signLink } from '../../http/signed-link.ts';
import {
  FAVOURITE_ALERT_KINDS,
  type FavouriteAlertKind,
} from '../../../domain/favourites/favourite-alerts.ts';

const PURPOSE = 'favourite-alert-unsubscribe';

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
  return signLink(secret, PURPOSE, `${kind}.${Buffer.from(userSub).toString('base64url')}`);
}

export function readFavouriteAlertToken(
  secret: Buffer,
  token: string,
): FavouriteAlertUnsubscribe | undefined {
  const body = readSignedLink(secret, PURPOSE, token);
  const match = body === undefined ? null : /^([a-z_]{1,20})\.([\w-]{1,200})$/.exec(body);
  if (!match) return undefined;
  const kind = FAVOURITE_ALERT_KINDS.find((candidate) => candidate === match[1]);
  if (!kind) return undefined;
  return { userSub: Buffer.from(match[2]!, 'base64url').toString(), kind };
}
