import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC = /^[\w-]{43}$/;

function mac(secret: Buffer, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');
}

/**
 * `<body>.<mac>` for a link in an e-mail that acts without signing in (unsubscribe, 'still
 * available'): the MAC is HMAC-SHA-256 of `<purpose>:<body>`, so a token made for one purpose
 * never works for another.
 */
export function signLink(secret: Buffer, purpose: string, body: string): string {
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The body of a token `signLink` made for `purpose` with this secret; undefined otherwise. */
export function readSignedLink(secret: Buffer, purpose: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  const given = token.slice(dot + 1);
  if (!MAC.test(given)) return undefined;
  const expected = Buffer.from(mac(secret, purpose, body));
  return timingSafeEqual(expected, Buffer.from(given)) ? body : undefined;
}
