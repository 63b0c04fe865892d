import { createHmac } from 'node:crypto';

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8)
    bytes.push(parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s steps), as an authenticator app shows it. */
export function totpCode(secret: string, at = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(at / 1000 / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, '0');
}

const STEP_MS = 30_000;

/**
 * A code to submit now. The pool accepts the steps either side of its own (clock drift,
 * identity/totp.ts) but never a step it has already accepted, so: the current step's code, or
 * the next step's when the current one is `afterStep` (used at set-up). That avoids waiting up to
 * 30 s for a new step; only a step two ahead (never in practice) is waited for.
 */
export async function freshTotpCode(
  secret: string,
  { afterStep = -1 }: { afterStep?: number } = {},
): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const step = Math.max(current, afterStep + 1);
    if (step <= current + 1) return { code: totpCode(secret, step * STEP_MS), step };
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - now + 50));
  }
}
