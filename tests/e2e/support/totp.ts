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
 * A code for the current 30-second step, computed right before it is submitted, with no
 * reliance on the server's tolerance for neighbouring steps: if fewer than `minRemainingMs` are
 * left in the step, or the step is not later than `afterStep` (the server refuses a step it has
 * already accepted), it first waits for the next step to begin.
 */
export async function freshTotpCode(
  secret: string,
  { afterStep = -1, minRemainingMs = 8_000 }: { afterStep?: number; minRemainingMs?: number } = {},
): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const untilNextStep = (step + 1) * STEP_MS - now;
    if (step > afterStep && untilNextStep >= minRemainingMs)
      return { code: totpCode(secret, now), step };
    await new Promise((resolve) => setTimeout(resolve, untilNextStep + 50));
  }
}
