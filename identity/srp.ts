import {
  createDiffieHellman,
  createHash,
  createHmac,
  getDiffieHellman,
  randomBytes,
} from 'node:crypto';

/**
 * SRP-6a exactly as Amazon Cognito and the Amplify client compute it: the RFC 3526 3072-bit group
 * (OpenSSL's `modp15`), g = 2, SHA-256, Java-style padding, the "Caldera Derived Key" HKDF and a
 * signature over pool name, user id, secret block and timestamp. Modular exponentiation runs in
 * OpenSSL through Diffie-Hellman objects on the same prime: an order of magnitude faster than
 * BigInt arithmetic in JavaScript.
 */
const group = getDiffieHellman('modp15');
const primeBytes = group.getPrime();
export const N = BigInt(`0x${primeBytes.toString('hex')}`);
export const g = 2n;
const generatorBytes = Buffer.from([2]);

/** Amplify's `getPaddedHex`: even length, then a leading `00` when the top bit is set. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

function hashUtf8(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function toBytes(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

export const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`);

/** base^exponent mod N, computed by OpenSSL. */
export function modPow(base: bigint, exponent: bigint): bigint {
  const dh = createDiffieHellman(primeBytes, generatorBytes);
  dh.setPrivateKey(toBytes(exponent));
  if (base === g) {
    dh.generateKeys();
    return BigInt(`0x${dh.getPublicKey('hex')}`);
  }
  return BigInt(`0x${dh.computeSecret(toBytes(base)).toString('hex')}`);
}

export function parseHex(hex: string): bigint | undefined {
  if (!/^[0-9a-fA-F]{1,1024}$/.test(hex)) return undefined;
  return BigInt(`0x${hex}`);
}

export function randomBigInt(bytes: number): bigint {
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`);
}

/** x = H(pad(salt) ‖ H(poolName ‖ username ‖ ':' ‖ password)). */
export function computeX(saltHex: string, poolName: string, username: string, password: string) {
  const inner = hashUtf8(`${poolName}${username}:${password}`);
  return BigInt(`0x${hashHex(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

export interface Verifier {
  salt: string;
  verifier: string;
}

/** Salt and verifier for a password; the password itself is never stored. */
export function createVerifier(poolName: string, username: string, password: string): Verifier {
  const salt = randomBytes(16).toString('hex');
  const verifier = modPow(g, computeX(salt, poolName, username, password));
  return { salt, verifier: verifier.toString(16) };
}

/** True when `password` produces the stored verifier (USER_PASSWORD_AUTH, ChangePassword). */
export function passwordMatches(
  stored: Verifier,
  poolName: string,
  username: string,
  password: string,
): boolean {
  const candidate = modPow(g, computeX(stored.salt, poolName, username, password));
  const expected = BigInt(`0x${stored.verifier}`);
  // Both are fixed-width after padding, so this comparison leaks nothing about the verifier.
  const left = Buffer.from(candidate.toString(16).padStart(768, '0'));
  const right = Buffer.from(expected.toString(16).padStart(768, '0'));
  return createHash('sha256')
    .update(left)
    .digest()
    .equals(createHash('sha256').update(right).digest());
}

export interface ServerEphemeral {
  b: bigint;
  B: bigint;
}

/** B = (k·v + g^b) mod N with a fresh 256-bit b. */
export function createServerEphemeral(verifier: bigint): ServerEphemeral {
  for (;;) {
    const b = randomBigInt(32);
    const B = (k * verifier + modPow(g, b)) % N;
    if (B % N !== 0n) return { b, B };
  }
}

function hkdf(ikmHex: string, saltHex: string): Buffer {
  const prk = createHmac('sha256', Buffer.from(saltHex, 'hex'))
    .update(Buffer.from(ikmHex, 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

export function scrambler(A: bigint, B: bigint): bigint {
  return BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
}

/** The 16-byte session key on the server side: S = (A · v^u)^b mod N. */
export function serverSessionKey(
  A: bigint,
  verifier: bigint,
  { b, B }: ServerEphemeral,
): Buffer | undefined {
  if (A % N === 0n) return undefined;
  const u = scrambler(A, B);
  if (u === 0n) return undefined;
  const S = modPow((A * modPow(verifier, u)) % N, b);
  return hkdf(padHex(S), padHex(u));
}

/** The client's session key: S = (B − k·g^x)^(a + u·x) mod N. */
export function clientSessionKey(options: {
  a: bigint;
  A: bigint;
  B: bigint;
  x: bigint;
  gx?: bigint;
}) {
  const { a, A, B, x } = options;
  const u = scrambler(A, B);
  const gx = options.gx ?? modPow(g, x);
  const base = (((B - k * gx) % N) + N) % N;
  const S = modPow(base, a + u * x);
  return hkdf(padHex(S), padHex(u));
}

/** PASSWORD_CLAIM_SIGNATURE = HMAC(K, poolName ‖ userId ‖ secretBlock ‖ timestamp), base64. */
export function claimSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(userId, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest('base64');
}

const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Cognito's TIMESTAMP: `ddd MMM D HH:mm:ss UTC YYYY`, day of month not padded. */
export function srpTimestamp(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days[date.getUTCDay()]} ${months[date.getUTCMonth()]} ${date.getUTCDate()} ${two(
    date.getUTCHours(),
  )}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

/** Parses a TIMESTAMP; undefined when it is not in Cognito's format. */
export function parseSrpTimestamp(value: string): Date | undefined {
  const match =
    /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(
      value,
    );
  if (!match) return undefined;
  const [, , month, day, hours, minutes, secondsText, year] = match;
  return new Date(
    Date.UTC(
      Number(year),
      months.indexOf(month!),
      Number(day),
      Number(hours),
      Number(minutes),
      Number(secondsText),
    ),
  );
}

/**
 * A fast SRP client (OpenSSL modexp) for the benchmark and tests; the tests prove it agrees with
 * Amplify's own client.
 */
export function createClientEphemeral(): { a: bigint; A: bigint } {
  const a = randomBigInt(32);
  return { a, A: modPow(g, a) };
}
