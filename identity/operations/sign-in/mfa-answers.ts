import { eq } from 'drizzle-orm';
import { outcome, recordSignIn, type ChallengeOutcome } from '../../auth-events.ts';
import { checkCode } from '../../codes.ts';
import type { IdentityContext } from '../../context.ts';
import { CognitoError, invalidParameter, messages } from '../../errors.ts';
import { users } from '../../schema.ts';
import { restoreSession, type SessionState } from '../../sessions.ts';
import { matchTotp } from '../../totp.ts';
import type { User } from '../../users.ts';
import type { Output } from '../common.ts';
import { complete } from './complete.ts';
import { enabledMfa, mfaChallenge } from './next-step.ts';

/** One answer to a challenge that follows the first factor, with the session it spent. */
export interface ChallengeAnswer {
  user: User;
  clientId: string;
  state: SessionState;
  responses: Record<string, string>;
  /** The session handle, put back after a wrong code so the person may try again. */
  handle: string;
  deviceKey: string | undefined;
}

const secondFactor = (succeeded: boolean): ChallengeOutcome[] => [
  outcome('Password', true),
  outcome('Mfa', succeeded),
];

export async function answerSoftwareToken(ctx: IdentityContext, answer: ChallengeAnswer) {
  const { user, responses } = answer;
  const step = user.totpSecret
    ? matchTotp(
        ctx.secrets.decrypt(user.totpSecret),
        responses.SOFTWARE_TOKEN_MFA_CODE,
        user.totpLastStep,
      )
    : undefined;
  if (step === undefined) {
    await restoreSession(ctx, answer.handle, answer.state);
    await recordSignIn(ctx, user.id, 'Fail', secondFactor(false));
    throw new CognitoError('CodeMismatchException', messages.mfaCodeMismatch);
  }
  await ctx.db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
  return complete(ctx, user, {
    clientId: answer.clientId,
    deviceKey: answer.deviceKey,
    challenges: secondFactor(true),
  });
}

/** SMS_MFA and EMAIL_OTP: a second factor, or (USER_AUTH) the e-mailed code as the first. */
export async function answerSentCode(
  ctx: IdentityContext,
  name: 'SMS_MFA' | 'EMAIL_OTP',
  answer: ChallengeAnswer,
): Promise<Output> {
  const { user, state, responses } = answer;
  const purpose = state.firstFactor ? 'sign-in' : 'mfa';
  const code = name === 'SMS_MFA' ? responses.SMS_MFA_CODE : responses.EMAIL_OTP_CODE;
  const message = state.firstFactor
    ? 'Invalid code or auth state for the user.'
    : messages.mfaCodeMismatch;
  // An e-mailed sign-in code (USER_AUTH) is the only step; as a second factor, it follows the password.
  const steps = (succeeded: boolean) =>
    state.firstFactor ? [outcome('Mfa', succeeded)] : secondFactor(succeeded);
  try {
    await checkCode(ctx, user, purpose, code, {
      mismatch: () => new CognitoError('CodeMismatchException', message),
    });
  } catch (error) {
    if (error instanceof CognitoError && error.type === 'CodeMismatchException') {
      await restoreSession(ctx, answer.handle, state);
      await recordSignIn(ctx, user.id, 'Fail', steps(false));
    }
    throw error;
  }
  return complete(ctx, user, {
    clientId: answer.clientId,
    deviceKey: answer.deviceKey,
    challenges: steps(true),
  });
}

export async function answerSelectMfaType(ctx: IdentityContext, answer: ChallengeAnswer) {
  const { user, deviceKey } = answer;
  const chosen = answer.responses.ANSWER ?? '';
  if (!enabledMfa(user).includes(chosen)) throw invalidParameter('Invalid MFA type.');
  return mfaChallenge(ctx, user, answer.clientId, chosen, deviceKey ? { deviceKey } : {});
}

/** MFA_SETUP: done once VerifySoftwareToken verified a TOTP, or e-mail chosen as the factor. */
export async function answerMfaSetup(ctx: IdentityContext, answer: ChallengeAnswer) {
  const { user, clientId, deviceKey } = answer;
  if (answer.state.totpVerified) {
    return complete(ctx, user, { clientId, deviceKey, challenges: secondFactor(true) });
  }
  if (answer.responses.EMAIL !== undefined && user.attributes.email) {
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
