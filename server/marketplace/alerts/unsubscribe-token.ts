import { createHmac, timingSafeEqual } from 'node:crypto';

/** `<id>.<mac>`: lets anyone holding the e-mail stop that one alert, and nothing else. */
export function createUnsubscribeToken(secret: Buffer, savedSearchId: number): string {
  return `${savedSearchId}.${mac(secret, savedSearchId)}`;
}

export function readUnsubscribeToken(secret: Buffer, token: string): number | undefined {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

function mac(secret: Buffer, savedSearchId: number): string {
  return createHmac('sha256', secret)
    .update(`alert-unsubscribe:${savedSearchId}`)
    .digest('base64url');
}
