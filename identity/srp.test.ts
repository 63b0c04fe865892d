import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  createServerEphemeral,
  createVerifier,
  k,
  modPow,
  N,
  padHex,
  parseSrpTimestamp,
  passwordMatches,
  serverSessionKey,
  srpTimestamp,
} from './srp.ts';

// Amplify's own SRP client, imported from the installed package (not re-implemented here).
const amplifySrp = path.resolve(
  'node_modules/aws-amplify/node_modules/@aws-amplify/auth/dist/esm/providers/cognito/utils/srp',
);
interface BigIntegerLike {
  toString(radix: number): string;
}
type BigIntegerClass = new (value: string, radix: number) => BigIntegerLike;
const { getAuthenticationHelper, getSignatureString } = (await import(
  path.join(amplifySrp, 'index.mjs')
)) as {
  getAuthenticationHelper(pool: string): Promise<{
    A: BigIntegerLike;
    getPasswordAuthenticationKey(input: {
      username: string;
      password: string;
      serverBValue: BigIntegerLike;
      salt: BigIntegerLike;
    }): Promise<Uint8Array>;
  }>;
  getSignatureString(input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
};
const BigInteger = (
  (await import(path.join(amplifySrp, 'BigInteger/BigInteger.mjs'))) as { default: BigIntegerClass }
).default;

const pool = 'RoostTest';

function modPowBigInt(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % N;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % N;
    b = (b * b) % N;
    e >>= 1n;
  }
  return result;
}

describe('SRP maths', () => {
  it('pads like Java BigInteger.toByteArray', () => {
    expect(padHex(0xfn)).toBe('0f');
    expect(padHex(0x8fn)).toBe('008f');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(N).startsWith('00ffffffff')).toBe(true);
    expect(k.toString(16).startsWith('538282c4354742d7')).toBe(true);
  });

  it('does modular exponentiation in OpenSSL with the same result as BigInt', () => {
    for (let i = 0; i < 3; i += 1) {
      const base = BigInt(`0x${randomBytes(300).toString('hex')}`);
      const exponent = BigInt(`0x${randomBytes(32).toString('hex')}`);
      expect(modPow(base, exponent)).toBe(modPowBigInt(base, exponent));
      expect(modPow(2n, exponent)).toBe(modPowBigInt(2n, exponent));
    }
  });

  it('checks a password against its verifier', () => {
    const stored = createVerifier(pool, 'user-1', 'Secret-pass1');
    expect(passwordMatches(stored, pool, 'user-1', 'Secret-pass1')).toBe(true);
    expect(passwordMatches(stored, pool, 'user-1', 'Secret-pass2')).toBe(false);
    expect(passwordMatches(stored, pool, 'user-2', 'Secret-pass1')).toBe(false);
  });

  it('formats and parses Cognito timestamps', () => {
    const date = new Date(Date.UTC(2026, 2, 3, 9, 5, 7));
    expect(srpTimestamp(date)).toBe('Tue Mar 3 09:05:07 UTC 2026');
    expect(parseSrpTimestamp('Tue Mar 3 09:05:07 UTC 2026')?.getTime()).toBe(date.getTime());
    expect(parseSrpTimestamp('2026-03-03T09:05:07Z')).toBeUndefined();
  });
});

describe('SRP against Amplify’s client', () => {
  // Salts with a leading zero byte and with the top bit set exercise the padding rules.
  const salts = [
    randomBytes(16).toString('hex'),
    `00${randomBytes(15).toString('hex')}`,
    `ff${randomBytes(15).toString('hex')}`,
  ];

  for (const salt of salts) {
    it(`produces the same claim signature (salt ${salt.slice(0, 2)}…)`, async () => {
      const userId = 'a1b2c3d4-0000-4000-8000-000000000001';
      const password = 'Correct-horse1';
      const verifier = modPow(2n, computeX(salt, pool, userId, password));
      const helper = await getAuthenticationHelper(pool);
      const A = BigInt(`0x${helper.A.toString(16)}`);
      const server = createServerEphemeral(verifier);
      const clientKey = await helper.getPasswordAuthenticationKey({
        username: userId,
        password,
        serverBValue: new BigInteger(server.B.toString(16), 16),
        salt: new BigInteger(salt, 16),
      });
      const secretBlock = randomBytes(64).toString('base64');
      const timestamp = srpTimestamp();
      const amplifySignature = getSignatureString({
        userPoolName: pool,
        username: userId,
        challengeParameters: { SECRET_BLOCK: secretBlock },
        dateNow: timestamp,
        hkdf: clientKey,
      });
      const serverKey = serverSessionKey(A, verifier, server)!;
      expect(claimSignature(serverKey, pool, userId, secretBlock, timestamp)).toBe(
        amplifySignature,
      );

      // Our fast client (used by the benchmark) agrees too, and a wrong password does not.
      const ours = createClientEphemeral();
      const key = clientSessionKey({
        ...ours,
        B: server.B,
        x: computeX(salt, pool, userId, password),
      });
      expect(key.equals(serverSessionKey(ours.A, verifier, server)!)).toBe(true);
      const wrong = clientSessionKey({
        ...ours,
        B: server.B,
        x: computeX(salt, pool, userId, 'Wrong-horse1'),
      });
      expect(wrong.equals(serverSessionKey(ours.A, verifier, server)!)).toBe(false);
    });
  }

  it('rejects A ≡ 0 mod N', () => {
    const server = createServerEphemeral(5n);
    expect(serverSessionKey(N, 5n, server)).toBeUndefined();
    expect(serverSessionKey(0n, 5n, server)).toBeUndefined();
  });
});
