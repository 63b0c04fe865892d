import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Keys derived from IDENTITY_SECRET. Each use has its own key (HKDF with a label), so a key
 * leaked from one use says nothing about the others.
 */
export interface Secrets {
  /** AES-256-GCM, for SRP verifiers, TOTP secrets and private signing keys at rest. */
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Keyed hash for short codes, so a database copy cannot brute-force them offline. */
  hashCode(purpose: string, code: string): string;
}

export function createSecrets(secret: Buffer): Secrets {
  const derive = (label: string) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.from('roost-identity'), label, 32));
  const encryptionKey = derive('encryption');
  const codeKey = derive('codes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('Unknown sealed-value format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    hashCode(purpose, code) {
      return createHmac('sha256', codeKey).update(`${purpose}:${code}`).digest('base64url');
    },
  };
}

/** SHA-256 of a high-entropy token (refresh tokens, sessions): no key needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** A uniformly random numeric code, e.g. six digits. */
export function randomDigits(length = 6): string {
  let out = '';
  while (out.length < length) {
    const byte = randomBytes(1)[0]!;
    if (byte < 250) out += String(byte % 10);
  }
  return out;
}
