import { createHmac } from 'node:crypto';
import { outcome } from '../../auth-events.ts';
import type { IdentityContext } from '../../context.ts';
import { safeEqual } from '../../crypto/secrets.ts';
import { incorrectCredentials, invalidParameter, notAuthorized } from '../../errors.ts';
import type { SessionState } from '../../sessions.ts';
import {
  claimSignature,
  createServerEphemeral,
  g,
  modPow,
  N,
  parseHex,
  randomBigInt,
  serverSessionKey,
} from '../../srp.ts';
import { assertStandInCanSignIn, normaliseLogin } from '../../stand-ins.ts';
import { verifierOf } from '../../passwords.ts';
import { issueTokensIfUnchanged } from '../../token-issuing.ts';
import { findUser, type User } from '../../users.ts';
import type { Output } from '../common.ts';
import { complete } from './complete.ts';
import { afterPassword } from './next-step.ts';
import { assertCanSignIn, recordFailure, recordSuccess } from './password-check.ts';
import {
  assertFreshTimestamp,
  isFreshTimestamp,
  sealSecretBlock,
  spendSecretBlock,
} from './secret-block.ts';

type Ctx = IdentityContext;

/** A stand-in for unknown users so the answer looks like a real challenge (no enumeration). */
function fakeIdentity(ctx: Ctx, login: string) {
  // One stand-in per address however it is spelt, as a real account has one id.
  const username = normaliseLogin(login);
  const digest = createHmac('sha256', ctx.secrets.hashCode('fake-user', username))
    .update(username)
    .digest('hex');
  const id = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return { id, salt: digest.slice(32, 64) };
}

function passwordVerifier(userId: string, salt: string, B: bigint, handle: string): Output {
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SRP_B: B.toString(16),
      SECRET_BLOCK: handle,
      USER_ID_FOR_SRP: userId,
      USERNAME: userId,
    },
  };
}

/** Whether a correct password goes straight to tokens: no MFA, device or status step follows. */
export function canCompleteDirectly(ctx: Ctx, user: User, deviceKey: string | undefined): boolean {
  return (
    user.status === 'CONFIRMED' &&
    !user.mfaTotp &&
    !user.mfaSms &&
    !user.mfaEmail &&
    ctx.config.mfa !== 'on' &&
    ctx.config.deviceTracking === 'off' &&
    !deviceKey
  );
}

/** USER_SRP_AUTH (and USER_AUTH's PASSWORD_SRP): the PASSWORD_VERIFIER challenge. */
export async function startSrp(
  ctx: Ctx,
  clientId: string,
  username: string,
  srpA: unknown,
  deviceKey?: string,
  lookUp: (login: string) => Promise<User | undefined> = (login) => findUser(ctx, login),
): Promise<Output> {
  const A = typeof srpA === 'string' ? parseHex(srpA) : undefined;
  if (A === undefined) throw invalidParameter('Missing required parameter SRP_A');
  if (A % N === 0n) throw notAuthorized('Invalid SRP_A value.');
  const user = await lookUp(username);
  const stored = user ? verifierOf(ctx, user) : undefined;
  if (!user || !stored) {
    await assertStandInCanSignIn(ctx, username);
    const fake = fakeIdentity(ctx, username);
    const B = modPow(g, randomBigInt(32));
    const handle = sealSecretBlock(ctx, {
      userId: null,
      clientId,
      challenge: 'PASSWORD_VERIFIER',
      fake: true,
      username,
    });
    return passwordVerifier(fake.id, fake.salt, B, handle);
  }
  assertCanSignIn(user);
  const verifier = BigInt(`0x${stored.verifier}`);
  const ephemeral = createServerEphemeral(verifier);
  const handle = sealSecretBlock(ctx, {
    userId: user.id,
    clientId,
    challenge: 'PASSWORD_VERIFIER',
    A: A.toString(16),
    b: ephemeral.b.toString(16),
    B: ephemeral.B.toString(16),
    ...(deviceKey ? { deviceKey } : {}),
    // A user who will go straight to tokens is answered from this sealed snapshot (checked
    // against the database in the same statement that stores the refresh token).
    ...(canCompleteDirectly(ctx, user, deviceKey)
      ? { fast: { v: stored.verifier, salt: stored.salt, username: user.username } }
      : {}),
  });
  return passwordVerifier(user.username, stored.salt, ephemeral.B, handle);
}

/**
 * The common sign-in in one database statement: checks the claim against the sealed verifier,
 * then stores the refresh token only if the user is still enabled, unlocked, confirmed, without
 * MFA and with the same password (salt), and the secret block was not answered before.
 * Undefined sends the request down the full path, which finds and reports what changed.
 */
export async function tryDirectPasswordClaim(
  ctx: Ctx,
  state: SessionState,
  responses: Record<string, string>,
  secretBlock: string,
): Promise<Output | undefined> {
  const fast = state.fast as { v: string; salt: string; username: string };
  const timestamp = responses.TIMESTAMP ?? '';
  if (!isFreshTimestamp(timestamp)) return undefined;
  const key = serverSessionKey(BigInt(`0x${String(state.A)}`), BigInt(`0x${fast.v}`), {
    b: BigInt(`0x${String(state.b)}`),
    B: BigInt(`0x${String(state.B)}`),
  });
  if (!key) return undefined;
  const expected = claimSignature(key, ctx.config.poolName, fast.username, secretBlock, timestamp);
  if (!safeEqual(expected, responses.PASSWORD_CLAIM_SIGNATURE ?? '')) return undefined;
  const result = await issueTokensIfUnchanged(ctx, {
    userId: String(state.userId),
    salt: fast.salt,
    clientId: state.clientId,
    spentHandle: secretBlock,
  });
  return result ? { AuthenticationResult: result, ChallengeParameters: {} } : undefined;
}

/** The PASSWORD_VERIFIER answer checked against the stored verifier (the full path). */
export async function verifyPasswordClaim(
  ctx: Ctx,
  user: User,
  state: SessionState,
  responses: Record<string, string>,
  secretBlock: string,
  deviceKey?: string,
): Promise<Output> {
  assertCanSignIn(user);
  const stored = verifierOf(ctx, user);
  const timestamp = responses.TIMESTAMP ?? '';
  assertFreshTimestamp(timestamp);
  const key = stored
    ? serverSessionKey(BigInt(`0x${String(state.A)}`), BigInt(`0x${stored.verifier}`), {
        b: BigInt(`0x${String(state.b)}`),
        B: BigInt(`0x${String(state.B)}`),
      })
    : undefined;
  const expected = key
    ? claimSignature(key, ctx.config.poolName, user.username, secretBlock, timestamp)
    : '';
  if (!key || !safeEqual(expected, responses.PASSWORD_CLAIM_SIGNATURE ?? '')) {
    await recordFailure(ctx, user);
    throw incorrectCredentials();
  }
  await recordSuccess(ctx, user);
  const device = deviceKey ?? responses.DEVICE_KEY;
  const completesNow = canCompleteDirectly(ctx, user, device);
  // The common case spends the secret block with the refresh token: one write per sign-in.
  if (completesNow) {
    return complete(ctx, user, {
      clientId: state.clientId,
      deviceKey: device,
      spentHandle: secretBlock,
      challenges: [outcome('Password', true)],
    });
  }
  await spendSecretBlock(ctx, secretBlock, Number(state.exp));
  return afterPassword(ctx, user, state.clientId, device);
}
