import { deliveryFor, sendCode } from '../../codes.ts';
import type { IdentityContext } from '../../context.ts';
import { CognitoError, invalidParameter, messages } from '../../errors.ts';
import { createSession, type SessionState } from '../../sessions.ts';
import { assertStandInCanSignIn, limitCodeSendsTo } from '../../stand-ins.ts';
import { findUser, type User } from '../../users.ts';
import type { Output } from '../common.ts';
import { challenge, requireParameter } from './challenge.ts';
import { afterPassword } from './next-step.ts';
import { assertCanSignIn, checkPassword } from './password-check.ts';
import { startSrp } from './password-srp.ts';

type Ctx = IdentityContext;

/** USER_AUTH: the preferred first factor, or SELECT_CHALLENGE offering those available. */
export async function startUserAuth(
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

/** A sign-in code by e-mail; an address that cannot receive one gets a look-alike session. */
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

export async function answerSelectChallenge(
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
