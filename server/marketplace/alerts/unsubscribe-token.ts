import { readSignedLink, signLink } from '../../http/signed-link.ts';

const PURPOSE = 'alert-unsubscribe';

/** `<id>.<mac>`: lets anyone holding the e-mail stop that one alert, and nothing else. */
export function createUnsubscribeToken(secret: Buffer, savedSearchId: number): string {
  return signLink(secret, PURPOSE, String(savedSearchId));
}

export function readUnsubscribeToken(secret: Buffer, token: string): number | undefined {
  const body = readSignedLink(secret, PURPOSE, token);
  return body !== undefined && /^\d{1,15}$/.test(body) ? Number(body) : undefined;
}
