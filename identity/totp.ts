import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from './crypto/secrets.ts';

/** RFC 6238 TOTP as authenticator apps use it: SHA-1, 30-second steps, six digits. */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error('Invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  const number = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, '0');
}

export const currentStep = (now = Date.now()) => Math.floor(now / 30_000);

/**
 * The step a code belongs to (allowing one step of clock drift either way), or undefined. Codes
 * at or before `lastStep` are refused, so a code cannot be replayed.
 */
export function matchTotp(
  secret: string,
  code: unknown,
  lastStep?: number | null,
): number | undefined {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  const now = currentStep();
  let found: number | undefined;
  for (const step of [now - 1, now, now + 1]) {
    if (safeEqual(totpAt(secret, step), code) && found === undefined) found = step;
  }
  if (found === undefined) return undefined;
  if (lastStep !== undefined && lastStep !== null && found <= lastStep) return undefined;
  return found;
}
