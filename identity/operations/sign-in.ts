import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { checkCode, deliveryFor, sendCode } from '../codes.ts';
import type { IdentityContext } from '../context.ts';
import { safeEqual } from '../crypto/secrets.ts';
import {
  CognitoError,
  incorrectCredentials,
  invalidParameter,
  messages,
  notAuthorized,
  resourceNotFound,
} from '../errors.ts';
import { devices, users } from '../schema.ts';
import {
  consumeSession,
  createSession,
  restoreSession,
  SESSION_SECONDS,
  spendHandle,
  type SessionState,
} from '../sessions.ts';
import {
  claimSignature,
  createServerEphemeral,
  g,
  modPow,
  N,
  parseHex,
  parseSrpTimestamp,
  passwordMatches,
  randomBigInt,
  serverSessionKey,
} from '../srp.ts';
import {
  assertStandInCanSignIn,
  limitCodeSendsTo,
  lockSeconds,
  normaliseLogin,
  recordStandInFailure,
} from '../stand-ins.ts';
import { matchTotp } from '../totp.ts';
import {
  issueTokensIfUnchanged,
  findUser,
  findUserById,
  issueTokens,
  parseAttributes,
  sealVerifier,
  validatePassword,
  verifierOf,
  type User,
} from '../users.ts';
import { refreshWithToken } from './tokens.ts';
import { requireClient, requireMap, requireString, type Input, type Output } from './common.ts';

type Ctx = IdentityContext;

const TIMESTAMP_SKEW_MS = 15 * 60_000;

function assertCanSignIn(user: User) {
  if (!user.enabled) throw notAuthorized(messages.userDisabled);
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw notAuthorized(messages.passwordAttemptsExceeded);
  }
}

/** Counts a wrong password; from the fifth in a row the account locks for 1 s, 2 s, 4 s … 15 min. */
async function recordFailure(ctx: Ctx, user: User) {
  const failed = user.failedSignIns + 1;
  const over = failed - ctx.limits.failedSignInsBeforeLockout;
  const lockedUntil = over >= 0 ? new Date(Date.now() + lockSeconds(over) * 1000) : null;
  await ctx.db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1`, lockedUntil })
    .where(eq(users.id, user.id));
}

async function recordSuccess(ctx: Ctx, user: User) {
  if (user.failedSignIns === 0 && !user.lockedUntil) return;
  await ctx.db
    .update(users)
    .set({ failedSignIns: 0, lockedUntil: null })
    .where(eq(users.id, user.id));
}

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

async function startSrp(
  ctx: Ctx,
  clientId: string,
  username: string,
  srpA: unknown,
  deviceKey?: string,
): Promise<Output> {
  const A = typeof srpA === 'string' ? parseHex(srpA) : undefined;
  if (A === undefined) throw invalidParameter('Missing required parameter SRP_A');
  if (A % N === 0n) throw notAuthorized('Invalid SRP_A value.');
  const user = await findUser(ctx, username);
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
 * The SRP state travels in SECRET_BLOCK itself, sealed with AES-GCM (so b never leaves the server
 * readable), which spares a database write per sign-in; spending it records its hash so it
 * answers once.
 */
function sealSecretBlock(ctx: Ctx, state: SessionState): string {
  const sealed = ctx.secrets.encrypt(
    JSON.stringify({ ...state, exp: Date.now() + SESSION_SECONDS * 1000 }),
  );
  return Buffer.from(sealed.slice(3), 'base64url').toString('base64');
}

async function openSecretBlock(ctx: Ctx, block: unknown, spendNow: boolean): Promise<SessionState> {
  if (typeof block !== 'string' || block.length < 16 || block.length > 4096) {
    throw notAuthorized(messages.invalidSession);
  }
  let state: SessionState & { exp: number };
  try {
    state = JSON.parse(
      ctx.secrets.decrypt(`v1.${Buffer.from(block, 'base64').toString('base64url')}`),
    ) as never;
  } catch {
    throw notAuthorized(messages.invalidSession);
  }
  if (state.exp < Date.now()) throw notAuthorized(messages.sessionExpired);
  if (spendNow) await spend(ctx, block, state.exp);
  return state;
}

async function spend(ctx: Ctx, block: string, expiresAt: number) {
  if (!(await spendHandle(ctx, block, new Date(expiresAt)))) {
    throw notAuthorized('Invalid session for the user, session can only be used once.');
  }
}

function canCompleteDirectly(ctx: Ctx, user: User, deviceKey: string | undefined): boolean {
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

/**
 * The common sign-in in one database statement: checks the claim against the sealed verifier,
 * then stores the refresh token only if the user is still enabled, unlocked, confirmed, without
 * MFA and with the same password (salt), and the secret block was not answered before.
 * Undefined sends the request down the full path, which finds and reports what changed.
 */
async function tryDirectPasswordClaim(
  ctx: Ctx,
  state: SessionState,
  responses: Record<string, string>,
  secretBlock: string,
): Promise<Output | undefined> {
  const fast = state.fast as { v: string; salt: string; username: string };
  const timestamp = responses.TIMESTAMP ?? '';
  const when = parseSrpTimestamp(timestamp);
  if (!when || Math.abs(when.getTime() - Date.now()) > TIMESTAMP_SKEW_MS) return undefined;
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

/** Checks a password for `login`; an address without an account counts wrong ones alike. */
async function checkPassword(
  ctx: Ctx,
  user: User | undefined,
  password: unknown,
  login: string,
): Promise<User> {
  const stored = user ? verifierOf(ctx, user) : undefined;
  if (typeof password !== 'string') throw incorrectCredentials();
  if (!user || !stored) {
    await assertStandInCanSignIn(ctx, login);
    await recordStandInFailure(ctx, login);
    throw incorrectCredentials();
  }
  assertCanSignIn(user);
  if (!passwordMatches(stored, ctx.config.poolName, user.username, password)) {
    await recordFailure(ctx, user);
    throw incorrectCredentials();
  }
  await recordSuccess(ctx, user);
  return user;
}

function challenge(
  name: string,
  user: User,
  session: string,
  parameters: Record<string, string> = {},
): Output {
  return {
    ChallengeName: name,
    Session: session,
    ChallengeParameters: { USER_ID_FOR_SRP: user.username, USERNAME: user.username, ...parameters },
  };
}

function enabledMfa(user: User): string[] {
  const out: string[] = [];
  if (user.mfaSms && user.attributes.phone_number) out.push('SMS_MFA');
  if (user.mfaTotp && user.totpSecret) out.push('SOFTWARE_TOKEN_MFA');
  if (user.mfaEmail && user.attributes.email) out.push('EMAIL_OTP');
  return out;
}

async function mfaChallenge(
  ctx: Ctx,
  user: User,
  clientId: string,
  type: string,
  base: Partial<SessionState>,
): Promise<Output> {
  const session = await createSession(ctx, { ...base, userId: user.id, clientId, challenge: type });
  if (type === 'SOFTWARE_TOKEN_MFA') {
    return challenge(type, user, session, { FRIENDLY_DEVICE_NAME: 'Authenticator app' });
  }
  const target = deliveryFor(user, type === 'SMS_MFA' ? 'phone_number' : 'email')!;
  const details = await sendCode(ctx, user, 'mfa', target);
  return challenge(type, user, session, {
    CODE_DELIVERY_DELIVERY_MEDIUM: details.DeliveryMedium,
    CODE_DELIVERY_DESTINATION: details.Destination,
  });
}

/** What follows a correct password: status checks, new password, MFA, then tokens. */
async function afterPassword(
  ctx: Ctx,
  user: User,
  clientId: string,
  deviceKey?: string,
): Promise<Output> {
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', messages.userNotConfirmed);
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError(
      'PasswordResetRequiredException',
      'Password reset required for the user',
    );
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = await createSession(ctx, {
      userId: user.id,
      clientId,
      challenge: 'NEW_PASSWORD_REQUIRED',
      ...(deviceKey ? { deviceKey } : {}),
    });
    const visible = Object.fromEntries(
      Object.entries(user.attributes).filter(
        ([name]) => !name.endsWith('_verified') && name !== 'email',
      ),
    );
    return challenge('NEW_PASSWORD_REQUIRED', user, session, {
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(visible),
    });
  }
  return afterFirstFactor(ctx, user, clientId, deviceKey);
}

async function afterFirstFactor(
  ctx: Ctx,
  user: User,
  clientId: string,
  deviceKey?: string,
): Promise<Output> {
  const device = deviceKey ? await deviceOf(ctx, user, deviceKey) : undefined;
  if (device?.verifier && ctx.config.deviceTracking !== 'off') {
    // A confirmed device proves itself with device SRP before MFA or tokens.
    const session = await createSession(ctx, {
      userId: user.id,
      clientId,
      challenge: 'DEVICE_SRP_AUTH',
      deviceKey: device.deviceKey,
    });
    return challenge('DEVICE_SRP_AUTH', user, session, {});
  }
  return afterDevice(ctx, user, clientId, device ? device.deviceKey : undefined, false);
}

async function afterDevice(
  ctx: Ctx,
  user: User,
  clientId: string,
  deviceKey: string | undefined,
  isRememberedDevice: boolean,
): Promise<Output> {
  const mfa = isRememberedDevice ? [] : enabledMfa(user);
  const base = deviceKey ? { deviceKey } : {};
  if (mfa.length === 0) {
    if (ctx.config.mfa === 'on' && !isRememberedDevice) {
      const session = await createSession(ctx, {
        ...base,
        userId: user.id,
        clientId,
        challenge: 'MFA_SETUP',
      });
      return challenge('MFA_SETUP', user, session, {
        MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]',
      });
    }
    return complete(ctx, user, clientId, deviceKey);
  }
  const preferred =
    user.preferredMfa && mfa.includes(user.preferredMfa) ? user.preferredMfa : undefined;
  if (preferred || mfa.length === 1)
    return mfaChallenge(ctx, user, clientId, preferred ?? mfa[0]!, base);
  const session = await createSession(ctx, {
    ...base,
    userId: user.id,
    clientId,
    challenge: 'SELECT_MFA_TYPE',
  });
  return challenge('SELECT_MFA_TYPE', user, session, { MFAS_CAN_CHOOSE: JSON.stringify(mfa) });
}

async function deviceOf(ctx: Ctx, user: User, deviceKey: string) {
  const [device] = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.deviceKey, deviceKey), eq(devices.userId, user.id)))
    .limit(1);
  return device;
}

async function complete(
  ctx: Ctx,
  user: User,
  clientId: string,
  deviceKey?: string,
  spentHandle?: string,
): Promise<Output> {
  const known = deviceKey ? await deviceOf(ctx, user, deviceKey) : undefined;
  let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
  if (known) {
    await ctx.db
      .update(devices)
      .set({ lastAuthenticatedAt: new Date() })
      .where(eq(devices.deviceKey, known.deviceKey));
  } else if (ctx.config.deviceTracking !== 'off') {
    newDevice = {
      DeviceKey: `${ctx.config.region}_${randomUUID()}`,
      DeviceGroupKey: `-${randomBytes(9).toString('base64url')}`,
    };
    await ctx.db.insert(devices).values({
      deviceKey: newDevice.DeviceKey,
      groupKey: newDevice.DeviceGroupKey,
      userId: user.id,
    });
  }
  const result = await issueTokens(ctx, user, {
    clientId,
    ...(spentHandle ? { spentHandle } : {}),
    ...(known
      ? { deviceKey: known.deviceKey }
      : newDevice
        ? { deviceKey: newDevice.DeviceKey }
        : {}),
  });
  return {
    AuthenticationResult: { ...result, ...(newDevice ? { NewDeviceMetadata: newDevice } : {}) },
    ChallengeParameters: {},
  };
}

async function startDeviceSrp(
  ctx: Ctx,
  user: User,
  state: SessionState,
  responses: Record<string, string>,
): Promise<Output> {
  const deviceKey = String(state.deviceKey ?? '');
  if (responses.DEVICE_KEY !== deviceKey) throw notAuthorized(messages.invalidSession);
  const device = await deviceOf(ctx, user, deviceKey);
  if (!device?.verifier || !device.salt) throw resourceNotFound('Device does not exist.');
  const A = parseHex(responses.SRP_A ?? '');
  if (A === undefined || A % N === 0n) throw notAuthorized('Invalid SRP_A value.');
  const ephemeral = createServerEphemeral(BigInt(`0x${device.verifier}`));
  const block = sealSecretBlock(ctx, {
    userId: user.id,
    clientId: state.clientId,
    challenge: 'DEVICE_PASSWORD_VERIFIER',
    deviceKey,
    A: A.toString(16),
    b: ephemeral.b.toString(16),
    B: ephemeral.B.toString(16),
  });
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    ChallengeParameters: {
      SRP_B: ephemeral.B.toString(16),
      SALT: device.salt,
      SECRET_BLOCK: block,
      USERNAME: user.username,
      DEVICE_KEY: deviceKey,
    },
  };
}

async function verifyDeviceClaim(
  ctx: Ctx,
  user: User,
  state: SessionState,
  responses: Record<string, string>,
  secretBlock: string,
): Promise<Output> {
  assertCanSignIn(user);
  const deviceKey = String(state.deviceKey ?? '');
  const device = await deviceOf(ctx, user, deviceKey);
  if (!device?.verifier) throw resourceNotFound('Device does not exist.');
  const timestamp = responses.TIMESTAMP ?? '';
  assertFreshTimestamp(timestamp);
  const key = serverSessionKey(BigInt(`0x${String(state.A)}`), BigInt(`0x${device.verifier}`), {
    b: BigInt(`0x${String(state.b)}`),
    B: BigInt(`0x${String(state.B)}`),
  });
  const expected = key
    ? claimSignature(key, device.groupKey, deviceKey, secretBlock, timestamp)
    : '';
  if (!key || !safeEqual(expected, responses.PASSWORD_CLAIM_SIGNATURE ?? ''))
    throw incorrectCredentials();
  return afterDevice(ctx, user, state.clientId, deviceKey, device.remembered);
}

export async function initiateAuth(ctx: Ctx, input: Input): Promise<Output> {
  const clientId = requireClient(ctx, input);
  const flow = requireString(input, 'AuthFlow', 64);
  const parameters = requireMap(input, 'AuthParameters');
  const deviceKey = parameters.DEVICE_KEY || undefined;
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startSrp(
        ctx,
        clientId,
        requireParameter(parameters, 'USERNAME'),
        parameters.SRP_A,
        deviceKey,
      );
    case 'USER_PASSWORD_AUTH': {
      const username = requireParameter(parameters, 'USERNAME');
      const user = await checkPassword(
        ctx,
        await findUser(ctx, username),
        parameters.PASSWORD,
        username,
      );
      return afterPassword(ctx, user, clientId, deviceKey);
    }
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN': {
      const result = await refreshWithToken(ctx, clientId, parameters.REFRESH_TOKEN);
      return { AuthenticationResult: result, ChallengeParameters: {} };
    }
    case 'USER_AUTH':
      return startUserAuth(ctx, clientId, parameters, deviceKey);
    case 'CUSTOM_AUTH':
    case 'ADMIN_NO_SRP_AUTH':
    case 'ADMIN_USER_PASSWORD_AUTH':
      throw invalidParameter(`${flow} flow not enabled for this client`);
    default:
      throw invalidParameter(
        `1 validation error detected: Value '${flow.slice(0, 40)}' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set`,
      );
  }
}

function requireParameter(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

async function startUserAuth(
  ctx: Ctx,
  clientId: string,
  parameters: Record<string, string>,
  deviceKey?: string,
): Promise<Output> {
  const username = requireParameter(parameters, 'USERNAME');
  const preferred = parameters.PREFERRED_CHALLENGE;
  if (preferred === 'PASSWORD_SRP')
    return startSrp(ctx, clientId, username, parameters.SRP_A, deviceKey);
  if (preferred === 'PASSWORD') {
    const user = await checkPassword(
      ctx,
      await findUser(ctx, username),
      parameters.PASSWORD,
      username,
    );
    return afterPassword(ctx, user, clientId, deviceKey);
  }
  const user = await findUser(ctx, username);
  if (preferred === 'EMAIL_OTP') return startEmailOtp(ctx, clientId, user, username);
  const available = [
    'PASSWORD',
    'PASSWORD_SRP',
    ...(!user || user.attributes.email ? ['EMAIL_OTP'] : []),
  ];
  const session = await createSession(ctx, {
    userId: user?.id ?? null,
    clientId,
    challenge: 'SELECT_CHALLENGE',
    username,
  });
  return {
    ChallengeName: 'SELECT_CHALLENGE',
    Session: session,
    AvailableChallenges: available,
    ChallengeParameters: {},
  };
}

async function startEmailOtp(
  ctx: Ctx,
  clientId: string,
  user: User | undefined,
  username: string,
): Promise<Output> {
  await limitCodeSendsTo(ctx, 'sign-in', username);
  if (!user || !user.attributes.email || user.attributes.email_verified !== 'true') {
    if (!user) await assertStandInCanSignIn(ctx, username);
    const session = await createSession(ctx, {
      userId: null,
      clientId,
      challenge: 'EMAIL_OTP',
      fake: true,
    });
    return {
      ChallengeName: 'EMAIL_OTP',
      Session: session,
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: `${username.slice(0, 1)}***@${(username.split('@')[1] ?? 'e').slice(0, 1)}***`,
      },
    };
  }
  assertCanSignIn(user);
  if (user.status !== 'CONFIRMED')
    throw new CognitoError('UserNotConfirmedException', messages.userNotConfirmed);
  const session = await createSession(ctx, {
    userId: user.id,
    clientId,
    challenge: 'EMAIL_OTP',
    firstFactor: true,
  });
  const details = await sendCode(ctx, user, 'sign-in', deliveryFor(user, 'email')!);
  return challenge('EMAIL_OTP', user, session, {
    CODE_DELIVERY_DELIVERY_MEDIUM: details.DeliveryMedium,
    CODE_DELIVERY_DESTINATION: details.Destination,
  });
}

export async function respondToAuthChallenge(ctx: Ctx, input: Input): Promise<Output> {
  const clientId = requireClient(ctx, input);
  const name = requireString(input, 'ChallengeName', 64);
  const responses = requireMap(input, 'ChallengeResponses');
  const handle =
    name === 'PASSWORD_VERIFIER' || name === 'DEVICE_PASSWORD_VERIFIER'
      ? responses.PASSWORD_CLAIM_SECRET_BLOCK
      : input.Session;
  const state =
    name === 'PASSWORD_VERIFIER' || name === 'DEVICE_PASSWORD_VERIFIER'
      ? await openSecretBlock(ctx, handle, name === 'DEVICE_PASSWORD_VERIFIER')
      : await consumeSession(ctx, handle);
  if (
    state.clientId !== clientId ||
    (state.challenge !== name &&
      !(name === 'SELECT_MFA_TYPE' && state.challenge === 'SELECT_MFA_TYPE'))
  ) {
    throw notAuthorized(messages.invalidSession);
  }
  if (name === 'PASSWORD_VERIFIER' && state.fast && !state.fake) {
    const result = await tryDirectPasswordClaim(ctx, state, responses, handle as string);
    if (result) return result;
  }
  if (state.fake) return answerStandIn(ctx, clientId, name, state, responses, handle as string);
  const user = state.userId ? await findUserById(ctx, state.userId) : undefined;
  if (name === 'SELECT_CHALLENGE')
    return answerSelectChallenge(ctx, clientId, user, state, responses);
  if (!user) throw notAuthorized(messages.invalidSession);
  const deviceKey = typeof state.deviceKey === 'string' ? state.deviceKey : undefined;
  switch (name) {
    case 'PASSWORD_VERIFIER':
      return verifyPasswordClaim(ctx, user, state, responses, handle as string, deviceKey);
    case 'DEVICE_SRP_AUTH':
      return startDeviceSrp(ctx, user, state, responses);
    case 'DEVICE_PASSWORD_VERIFIER':
      return verifyDeviceClaim(ctx, user, state, responses, handle as string);
    case 'NEW_PASSWORD_REQUIRED':
      return completeNewPassword(ctx, user, clientId, responses, deviceKey);
    case 'SOFTWARE_TOKEN_MFA': {
      const step = user.totpSecret
        ? matchTotp(
            ctx.secrets.decrypt(user.totpSecret),
            responses.SOFTWARE_TOKEN_MFA_CODE,
            user.totpLastStep,
          )
        : undefined;
      if (step === undefined) {
        await restoreSession(ctx, handle as string, state);
        throw new CognitoError('CodeMismatchException', messages.mfaCodeMismatch);
      }
      await ctx.db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
      return complete(ctx, user, clientId, deviceKey);
    }
    case 'SMS_MFA':
    case 'EMAIL_OTP': {
      const purpose = state.firstFactor ? 'sign-in' : 'mfa';
      const code = name === 'SMS_MFA' ? responses.SMS_MFA_CODE : responses.EMAIL_OTP_CODE;
      const message = state.firstFactor
        ? 'Invalid code or auth state for the user.'
        : messages.mfaCodeMismatch;
      try {
        await checkCode(ctx, user, purpose, code, {
          mismatch: () => new CognitoError('CodeMismatchException', message),
        });
      } catch (error) {
        if (error instanceof CognitoError && error.type === 'CodeMismatchException') {
          await restoreSession(ctx, handle as string, state);
        }
        throw error;
      }
      return complete(ctx, user, clientId, deviceKey);
    }
    case 'SELECT_MFA_TYPE': {
      const answer = responses.ANSWER ?? '';
      if (!enabledMfa(user).includes(answer)) throw invalidParameter('Invalid MFA type.');
      return mfaChallenge(ctx, user, clientId, answer, deviceKey ? { deviceKey } : {});
    }
    case 'MFA_SETUP': {
      if (state.totpVerified) return complete(ctx, user, clientId, deviceKey);
      if (responses.EMAIL !== undefined && user.attributes.email) {
        await ctx.db.update(users).set({ mfaEmail: true }).where(eq(users.id, user.id));
        return mfaChallenge(
          ctx,
          { ...user, mfaEmail: true },
          clientId,
          'EMAIL_OTP',
          deviceKey ? { deviceKey } : {},
        );
      }
      throw invalidParameter('MFA setup has not been completed.');
    }
    default:
      throw invalidParameter(`Invalid challenge name ${name.slice(0, 40)}`);
  }
}

/**
 * Answers for an address without an account, in the order a real account's checks answer:
 * lock-out and the timestamp before the password, and three tries at an e-mailed code.
 */
async function answerStandIn(
  ctx: Ctx,
  clientId: string,
  name: string,
  state: SessionState,
  responses: Record<string, string>,
  handle: string,
): Promise<Output> {
  if (name === 'SELECT_CHALLENGE')
    return answerSelectChallenge(ctx, clientId, undefined, state, responses);
  if (name === 'EMAIL_OTP') {
    await restoreSession(ctx, handle, state);
    throw new CognitoError('CodeMismatchException', 'Invalid code or auth state for the user.');
  }
  if (name === 'PASSWORD_VERIFIER' && typeof state.username === 'string') {
    await assertStandInCanSignIn(ctx, state.username);
    assertFreshTimestamp(responses.TIMESTAMP ?? '');
    await recordStandInFailure(ctx, state.username);
  }
  throw incorrectCredentials();
}

function assertFreshTimestamp(timestamp: string) {
  const when = parseSrpTimestamp(timestamp);
  if (!when || Math.abs(when.getTime() - Date.now()) > TIMESTAMP_SKEW_MS) {
    throw invalidParameter('TIMESTAMP format is invalid or is too far from the current time.');
  }
}

async function answerSelectChallenge(
  ctx: Ctx,
  clientId: string,
  user: User | undefined,
  state: SessionState,
  responses: Record<string, string>,
): Promise<Output> {
  const username = String(state.username ?? '');
  switch (responses.ANSWER) {
    case 'PASSWORD_SRP':
      return startSrp(ctx, clientId, username, responses.SRP_A);
    case 'PASSWORD': {
      const checked = await checkPassword(ctx, user, responses.PASSWORD, username);
      return afterPassword(ctx, checked, clientId);
    }
    case 'EMAIL_OTP':
      return startEmailOtp(ctx, clientId, user, username);
    default:
      throw invalidParameter('The challenge answer is not one of the available challenges.');
  }
}

async function verifyPasswordClaim(
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
  if (completesNow) return complete(ctx, user, state.clientId, device, secretBlock);
  await spend(ctx, secretBlock, Number(state.exp));
  return afterPassword(ctx, user, state.clientId, device);
}

async function completeNewPassword(
  ctx: Ctx,
  user: User,
  clientId: string,
  responses: Record<string, string>,
  deviceKey?: string,
): Promise<Output> {
  const password = validatePassword(ctx.config.passwordPolicy, responses.NEW_PASSWORD);
  const supplied = Object.entries(responses)
    .filter(([name, value]) => name.startsWith('userAttributes.') && value)
    .map(([name, value]) => ({ Name: name.slice('userAttributes.'.length), Value: value }));
  const attributes = { ...user.attributes, ...parseAttributes(supplied) };
  const [updated] = await ctx.db
    .update(users)
    .set({ ...sealVerifier(ctx, user.username, password), status: 'CONFIRMED', attributes })
    .where(eq(users.id, user.id))
    .returning();
  return afterFirstFactor(ctx, updated!, clientId, deviceKey);
}
