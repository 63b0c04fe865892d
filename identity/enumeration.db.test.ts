import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { resetPassword, signIn } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from './amplify-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

/**
 * With PreventUserExistenceErrors a stranger must not learn whether an address has an account:
 * whatever they send, the run of answers for an unknown address is the run a real one gets.
 */
let identity: RunningIdentity;
let client: CognitoIdentityProviderClient;
let poolId = '';
let clientId = '';
const password = 'Quiet-mews-58';

beforeAll(async () => {
  // Amplify warns that a custom endpoint is configured; that is the point of this test.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  identity = await startTestIdentity();
  ({ userPoolId: poolId, clientId } = identity.service.config);
  client = identity.publicClient();
  await configureAmplify(identity);
});

afterAll(async () => {
  client?.destroy();
  await identity?.stop();
  // Test files share their worker (isolate: false): leave no spies behind.
  vi.restoreAllMocks();
});

async function createUser(email: string) {
  await identity.admin.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  );
  await identity.admin.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
}

/** What a caller sees of one answer: success (with `shape` of it) or the error's name and text. */
async function answer<T>(call: Promise<T>, shape: (value: T) => string = () => 'ok') {
  try {
    return shape(await call);
  } catch (error) {
    const { name, message } = error as Error;
    // Only the pool's answers count; a transport failure is the test's own error.
    if (!name.endsWith('Exception')) throw error;
    return `${name}: ${message}`;
  }
}

/**
 * Runs `work` with `Date` standing still (pool and clients share this process), so a lock-out's
 * first second cannot run out on a busy machine between the fifth wrong password and the sixth.
 */
async function withClockStopped<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/** A six-digit code that is not the one last sent to `to` (any code when none was sent). */
function wrongCode(to: string) {
  const sent = identity.messages.some((item) => item.to.toLowerCase() === to.toLowerCase());
  const code = sent ? Number(identity.lastCode(to)) : 0;
  return String((code + 1) % 1_000_000).padStart(6, '0');
}

async function answers(times: number, call: (attempt: number) => Promise<string>) {
  const out: string[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) out.push(await call(attempt));
  return out;
}

const limitExceeded = 'LimitExceededException: Attempt limit exceeded, please try after some time.';
const incorrect = 'NotAuthorizedException: Incorrect username or password.';
const lockedOut = 'NotAuthorizedException: Password attempts exceeded';

describe('an unknown address is answered as a real one', () => {
  it('ForgotPassword: five codes an hour, then LimitExceededException, for both', async () => {
    await createUser('olive@roost.test');
    const run = (username: string) =>
      answers(7, () =>
        answer(
          resetPassword({ username }),
          (output) => `sent by ${output.nextStep.codeDeliveryDetails.deliveryMedium}`,
        ),
      );
    const real = await run('Olive@Roost.test');
    // Spelt differently each time, as the real address may be: one counter per address.
    const unknown = await answers(7, (attempt) =>
      answer(
        resetPassword({ username: attempt % 2 ? 'Nobody@Roost.test ' : 'nobody@roost.test' }),
        (output) => `sent by ${output.nextStep.codeDeliveryDetails.deliveryMedium}`,
      ),
    );
    expect(real).toEqual([...Array(5).fill('sent by EMAIL'), limitExceeded, limitExceeded]);
    expect(unknown).toEqual(real);
  });

  it('ConfirmForgotPassword: expired before a code is asked for, then five guesses', async () => {
    await createUser('percy@roost.test');
    const guess = (username: string) =>
      answer(
        client.send(
          new ConfirmForgotPasswordCommand({
            ClientId: clientId,
            Username: username,
            ConfirmationCode: wrongCode(username),
            Password: 'Brand-new-pass-1',
          }),
        ),
      );
    const run = async (username: string) => [
      await guess(username),
      await answer(resetPassword({ username }), () => 'sent'),
      ...(await answers(6, () => guess(username))),
    ];
    const real = await run('percy@roost.test');
    const unknown = await run('nobody-else@roost.test');
    expect(real).toEqual([
      'ExpiredCodeException: Invalid code provided, please request a code again.',
      'sent',
      ...Array(5).fill(
        'CodeMismatchException: Invalid verification code provided, please try again.',
      ),
      limitExceeded,
    ]);
    expect(unknown).toEqual(real);
  });

  it('SRP sign-in (Amplify): five wrong passwords, then Password attempts exceeded', async () => {
    await createUser('quentin@roost.test');
    const run = (username: string) =>
      answers(6, (attempt) => answer(signIn({ username, password: `Wrong-pass-${attempt}` })));
    const real = await withClockStopped(() => run('quentin@roost.test'));
    const unknown = await withClockStopped(() => run('no-such-person@roost.test'));
    expect(real).toEqual([...Array(5).fill(incorrect), lockedOut]);
    expect(unknown).toEqual(real);
  });

  it('password sign-in (USER_PASSWORD_AUTH): the same lock-out for both', async () => {
    await createUser('rosa@roost.test');
    const run = (username: string) =>
      answers(6, (attempt) =>
        answer(
          client.send(
            new InitiateAuthCommand({
              ClientId: clientId,
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: username, PASSWORD: `Wrong-pass-${attempt}` },
            }),
          ),
        ),
      );
    const real = await withClockStopped(() => run('ROSA@roost.test'));
    const unknown = await withClockStopped(() => run('NOT-ROSA@roost.test'));
    expect(real).toEqual([...Array(5).fill(incorrect), lockedOut]);
    expect(unknown).toEqual(real);
  });

  it('e-mailed sign-in codes: the same send limit and the same retries on one session', async () => {
    await createUser('sadie@roost.test');
    const start = (username: string) =>
      client.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_AUTH',
          AuthParameters: { USERNAME: username, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
        }),
      );
    const run = async (username: string) => {
      const first = await start(username);
      const retries = await answers(4, () =>
        answer(
          client.send(
            new RespondToAuthChallengeCommand({
              ClientId: clientId,
              ChallengeName: 'EMAIL_OTP',
              Session: first.Session,
              ChallengeResponses: { USERNAME: username, EMAIL_OTP_CODE: wrongCode(username) },
            }),
          ),
        ),
      );
      const sends = await answers(5, () =>
        answer(start(username), (output) => String(output.ChallengeName)),
      );
      return [String(first.ChallengeName), ...retries, ...sends];
    };
    const real = await run('sadie@roost.test');
    const unknown = await run('not-sadie@roost.test');
    const mismatch = 'CodeMismatchException: Invalid code or auth state for the user.';
    expect(real).toEqual([
      'EMAIL_OTP',
      mismatch,
      mismatch,
      mismatch,
      'NotAuthorizedException: Invalid session for the user.',
      ...Array(4).fill('EMAIL_OTP'),
      limitExceeded,
    ]);
    expect(unknown).toEqual(real);
  });

  it('ConfirmSignUp: five wrong guesses, then LimitExceededException, for both', async () => {
    await client.send(
      new SignUpCommand({ ClientId: clientId, Username: 'tara@roost.test', Password: password }),
    );
    const run = (username: string) =>
      answers(6, () =>
        answer(
          client.send(
            new ConfirmSignUpCommand({
              ClientId: clientId,
              Username: username,
              ConfirmationCode: wrongCode(username),
            }),
          ),
        ),
      );
    const real = await run('tara@roost.test');
    const unknown = await run('not-tara@roost.test');
    expect(real).toEqual([
      ...Array(5).fill(
        'CodeMismatchException: Invalid verification code provided, please try again.',
      ),
      limitExceeded,
    ]);
    expect(unknown).toEqual(real);
  });
});
