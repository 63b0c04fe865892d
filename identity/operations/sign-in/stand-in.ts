import type { IdentityContext } from '../../context.ts';
import { CognitoError, incorrectCredentials } from '../../errors.ts';
import { restoreSession, type SessionState } from '../../sessions.ts';
import { assertStandInCanSignIn, recordStandInFailure } from '../../stand-ins.ts';
import type { Output } from '../common.ts';
import { assertFreshTimestamp } from './secret-block.ts';
import { answerSelectChallenge } from './user-auth.ts';

/**
 * Answers for an address without an account, in the order a real account's checks answer:
 * lock-out and the timestamp before the password, and three tries at an e-mailed code.
 */
export async function answerStandIn(
  ctx: IdentityContext,
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
