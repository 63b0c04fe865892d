import type { IdentityContext } from '../context.ts';
import { invalidParameter, messages, notAuthorized } from '../errors.ts';
import { consumeSession } from '../sessions.ts';
import { findUserById, type User } from '../users.ts';
import {
  findUserLimitingSignIn,
  limitSignInRequests,
  requireClient,
  requireMap,
  requireString,
  type Input,
  type Output,
} from './common.ts';
import { requireParameter } from './sign-in/challenge.ts';
import { startDeviceSrp, verifyDeviceClaim } from './sign-in/device-srp.ts';
import {
  answerMfaSetup,
  answerSelectMfaType,
  answerSentCode,
  answerSoftwareToken,
  type ChallengeAnswer,
} from './sign-in/mfa-answers.ts';
import { completeNewPassword } from './sign-in/new-password.ts';
import { afterPassword } from './sign-in/next-step.ts';
import { checkPassword } from './sign-in/password-check.ts';
import {
  canCompleteDirectly,
  startSrp,
  tryDirectPasswordClaim,
  verifyPasswordClaim,
} from './sign-in/password-srp.ts';
import { openSecretBlock } from './sign-in/secret-block.ts';
import { answerStandIn } from './sign-in/stand-in.ts';
import { answerSelectChallenge, startUserAuth } from './sign-in/user-auth.ts';
import { refreshWithToken } from './tokens.ts';
import { issueTokensIfUnchanged } from '../token-issuing.ts';

type Ctx = IdentityContext;

type LookUp = (login: string) => Promise<User | undefined>;

export async function initiateAuth(ctx: Ctx, input: Input): Promise<Output> {
  // The two password flows count the request in the statement that finds the user. One refused
  // before that is counted on its way out: every request still counts once, and an address
  // over its limit still hears so first.
  const countsWithLookUp =
    input.AuthFlow === 'USER_SRP_AUTH' || input.AuthFlow === 'USER_PASSWORD_AUTH';
  let counted = !countsWithLookUp;
  if (!countsWithLookUp) await limitSignInRequests(ctx);
  const lookUp: LookUp = (login) => {
    counted = true;
    return findUserLimitingSignIn(ctx, login);
  };
  try {
    return await startFlow(ctx, input, lookUp);
  } catch (error) {
    if (!counted) await limitSignInRequests(ctx);
    throw error;
  }
}

async function startFlow(ctx: Ctx, input: Input, lookUp: LookUp): Promise<Output> {
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
        lookUp,
      );
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(
        ctx,
        { clientId, username: requireParameter(parameters, 'USERNAME'), lookUp },
        parameters,
      );
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

/** USER_PASSWORD_AUTH: the password checked against the SRP verifier, then the next step. */
async function passwordAuth(
  ctx: Ctx,
  { clientId, username, lookUp }: { clientId: string; username: string; lookUp: LookUp },
  parameters: Record<string, string>,
): Promise<Output> {
  const deviceKey = parameters.DEVICE_KEY || undefined;
  const user = await checkPassword(ctx, await lookUp(username), parameters.PASSWORD, username);
  if (canCompleteDirectly(ctx, user, deviceKey) && user.srpSalt) {
    // Refresh token and sign-in record in one statement, while the password is still this one.
    const result = await issueTokensIfUnchanged(ctx, {
      userId: user.id,
      salt: user.srpSalt,
      clientId,
    });
    if (result) return { AuthenticationResult: result, ChallengeParameters: {} };
    // Changed meanwhile (password, status, MFA, lock-out): judged again on the account as it is.
    const current = await checkPassword(
      ctx,
      await findUserById(ctx, user.id),
      parameters.PASSWORD,
      username,
    );
    return afterPassword(ctx, current, clientId, deviceKey);
  }
  return afterPassword(ctx, user, clientId, deviceKey);
}

const isVerifier = (name: string) =>
  name === 'PASSWORD_VERIFIER' || name === 'DEVICE_PASSWORD_VERIFIER';

export async function respondToAuthChallenge(ctx: Ctx, input: Input): Promise<Output> {
  const clientId = requireClient(ctx, input);
  const name = requireString(input, 'ChallengeName', 64);
  const responses = requireMap(input, 'ChallengeResponses');
  // SRP state travels sealed in the secret block; every other challenge has a stored session.
  const handle = isVerifier(name) ? responses.PASSWORD_CLAIM_SECRET_BLOCK : input.Session;
  if (!isVerifier(name)) await limitSignInRequests(ctx);
  const state = isVerifier(name)
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
  // Every answer counts against the address except a verifier answer that proves the password
  // at once: that answer needs a secret block from a counted InitiateAuth, and is spent on use.
  if (isVerifier(name)) await limitSignInRequests(ctx);
  if (state.fake) return answerStandIn(ctx, clientId, name, state, responses, handle as string);
  const user = state.userId ? await findUserById(ctx, state.userId) : undefined;
  if (name === 'SELECT_CHALLENGE')
    return answerSelectChallenge(ctx, clientId, user, state, responses);
  if (!user) throw notAuthorized(messages.invalidSession);
  const deviceKey = typeof state.deviceKey === 'string' ? state.deviceKey : undefined;
  const answer: ChallengeAnswer = {
    user,
    clientId,
    state,
    responses,
    handle: handle as string,
    deviceKey,
  };
  switch (name) {
    case 'PASSWORD_VERIFIER':
      return verifyPasswordClaim(ctx, user, state, responses, handle as string, deviceKey);
    case 'DEVICE_SRP_AUTH':
      return startDeviceSrp(ctx, user, state, responses);
    case 'DEVICE_PASSWORD_VERIFIER':
      return verifyDeviceClaim(ctx, user, state, responses, handle as string);
    case 'NEW_PASSWORD_REQUIRED':
      return completeNewPassword(ctx, answer);
    case 'SOFTWARE_TOKEN_MFA':
      return answerSoftwareToken(ctx, answer);
    case 'SMS_MFA':
    case 'EMAIL_OTP':
      return answerSentCode(ctx, name, answer);
    case 'SELECT_MFA_TYPE':
      return answerSelectMfaType(ctx, answer);
    case 'MFA_SETUP':
      return answerMfaSetup(ctx, answer);
    default:
      throw invalidParameter(`Invalid challenge name ${name.slice(0, 40)}`);
  }
}
