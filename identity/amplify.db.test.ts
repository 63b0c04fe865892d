import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CreateGroupCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtVerifier } from 'aws-jwt-verify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from './amplify-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';
import { currentStep, totpAt } from './totp.ts';

let identity: RunningIdentity;
let publicClient: CognitoIdentityProviderClient;

const email = 'Alice.Example@Roost.test';
const password = 'Sturdy-roof-42';

beforeAll(async () => {
  // Amplify warns that a custom endpoint is configured; that is the point of this test.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  identity = await startTestIdentity();
  const { config } = identity.service;
  await configureAmplify(identity);
  publicClient = identity.publicClient();
  await identity.admin.send(
    new CreateGroupCommand({ UserPoolId: config.userPoolId, GroupName: 'admins' }),
  );
});

afterAll(async () => {
  publicClient?.destroy();
  // Test files share their worker (isolate: false): leave no spies behind.
  vi.restoreAllMocks();
  await identity?.stop();
});

async function verifier(tokenUse: 'id' | 'access') {
  const { config } = identity.service;
  const v = JwtVerifier.create({
    issuer: config.issuer,
    audience: tokenUse === 'id' ? config.clientId : null,
    jwksUri: `${config.issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== tokenUse) throw new Error('wrong token_use');
    },
  });
  const jwks = await (await fetch(`${config.issuer}/.well-known/jwks.json`)).json();
  v.cacheJwks(jwks);
  return v;
}

describe('the real Amplify v6 client against the embedded user pool', () => {
  let userSub = '';

  it('signs up, receives a code and confirms', async () => {
    const result = await signUp({
      username: email,
      password,
      options: { userAttributes: { email, name: 'Alice Example' } },
    });
    expect(result.isSignUpComplete).toBe(false);
    expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    userSub = result.userId!;
    expect(userSub).toMatch(/^[0-9a-f-]{36}$/);
    const message = identity.messages.at(-1)!;
    expect(message.channel).toBe('email');
    expect(message.to).toBe(email.toLowerCase());
    expect(message.channel === 'email' && message.subject).toContain('Roost');

    await expect(
      confirmSignUp({ username: email, confirmationCode: '000000' }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    const confirmed = await confirmSignUp({
      username: email,
      confirmationCode: identity.lastCode(email),
    });
    expect(confirmed.isSignUpComplete).toBe(true);
  });

  it('refuses a second account for the same e-mail in any case', async () => {
    await expect(signUp({ username: email.toUpperCase(), password })).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('enforces the password policy with Cognito’s messages', async () => {
    await expect(
      signUp({ username: 'weak@roost.test', password: 'Weakpass1' }),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have symbol characters',
    });
    await expect(signUp({ username: 'short@roost.test', password: 'Ab1!x' })).rejects.toMatchObject(
      {
        name: 'InvalidParameterException',
      },
    );
  });

  it('signs in with SRP and the tokens verify with aws-jwt-verify', async () => {
    const { config } = identity.service;
    await identity.admin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: config.userPoolId,
        Username: email,
        GroupName: 'admins',
      }),
    );
    const result = await signIn({ username: email.toLowerCase(), password });
    expect(result.isSignedIn).toBe(true);
    const session = await fetchAuthSession();
    const idToken = session.tokens!.idToken!.toString();
    const accessToken = session.tokens!.accessToken.toString();
    expect(session.userSub).toBe(userSub);
    const id = await (await verifier('id')).verify(idToken);
    expect(id).toMatchObject({
      sub: userSub,
      email: email.toLowerCase(),
      email_verified: true,
      name: 'Alice Example',
      'cognito:groups': ['admins'],
      'cognito:username': userSub,
      aud: config.clientId,
      iss: config.issuer,
      token_use: 'id',
    });
    const access = await (await verifier('access')).verify(accessToken);
    expect(access).toMatchObject({
      client_id: config.clientId,
      username: userSub,
      scope: 'aws.cognito.signin.user.admin',
      token_use: 'access',
    });
    expect(access.origin_jti).toBe(id.origin_jti);
    const current = await getCurrentUser();
    expect(current).toMatchObject({ userId: userSub, username: userSub });
  });

  it('reads and updates attributes, and verifies a new e-mail address', async () => {
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({
      email: email.toLowerCase(),
      email_verified: 'true',
      sub: userSub,
    });
    const newEmail = 'alice.new@roost.test';
    const output = await updateUserAttributes({
      userAttributes: { name: 'Alice New', email: newEmail },
    });
    expect(output.email!.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    expect(output.name!.isUpdated).toBe(true);
    expect((await fetchUserAttributes()).email_verified).toBe('false');
    await confirmUserAttribute({
      userAttributeKey: 'email',
      confirmationCode: identity.lastCode(newEmail),
    });
    expect(await fetchUserAttributes()).toMatchObject({
      email: newEmail,
      email_verified: 'true',
      name: 'Alice New',
    });
  });

  it('sets up TOTP and then demands it at sign-in', async () => {
    const details = await setUpTOTP();
    const secret = details.sharedSecret;
    expect(details.getSetupUri('Roost').toString()).toContain(`secret=${secret}`);
    await expect(verifyTOTPSetup({ code: '000000' })).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    await verifyTOTPSetup({ code: totpAt(secret, currentStep()) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    const first = await signIn({ username: 'alice.new@roost.test', password });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(confirmSignIn({ challengeResponse: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    // The step after the one used during set-up: a used code cannot be replayed.
    const done = await confirmSignIn({ challengeResponse: totpAt(secret, currentStep() + 1) });
    expect(done.isSignedIn).toBe(true);
  });

  it('refreshes tokens through GetTokensFromRefreshToken and revokes them at sign-out', async () => {
    const before = await fetchAuthSession();
    const after = await fetchAuthSession({ forceRefresh: true });
    const oldJti = before.tokens!.accessToken.payload.jti;
    expect(after.tokens!.accessToken.payload.jti).not.toBe(oldJti);
    expect(after.tokens!.accessToken.payload.origin_jti).toBe(
      before.tokens!.accessToken.payload.origin_jti,
    );
    const accessToken = after.tokens!.accessToken.toString();
    await expect(
      publicClient.send(new GetUserCommand({ AccessToken: accessToken })),
    ).resolves.toMatchObject({
      Username: userSub,
    });
    await signOut();
    await expect(
      publicClient.send(new GetUserCommand({ AccessToken: accessToken })),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('resets a forgotten password with a code', async () => {
    const output = await resetPassword({ username: 'alice.new@roost.test' });
    expect(output.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    expect(output.nextStep.codeDeliveryDetails.destination).toBe('a***@r***');
    const newPassword = 'Fresh-start-77';
    await confirmResetPassword({
      username: 'alice.new@roost.test',
      confirmationCode: identity.lastCode('alice.new@roost.test'),
      newPassword,
    });
    await expect(signIn({ username: 'alice.new@roost.test', password })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const result = await signIn({ username: 'alice.new@roost.test', password: newPassword });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });
});

describe('administrator-created users', () => {
  it('must choose a new password at first sign-in', async () => {
    await signOut();
    const { config } = identity.service;
    await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: config.userPoolId,
        Username: 'bob@roost.test',
        TemporaryPassword: 'Temp-pass-123',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    const first = await signIn({ username: 'bob@roost.test', password: 'Temp-pass-123' });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await confirmSignIn({ challengeResponse: 'Bobs-own-pass-9' });
    expect(done.isSignedIn).toBe(true);
    await signOut();
    expect(
      (await signIn({ username: 'bob@roost.test', password: 'Bobs-own-pass-9' })).isSignedIn,
    ).toBe(true);
    await signOut();
  });
});

describe('errors a stranger can see', () => {
  it('answers the same for an unknown user as for a wrong password', async () => {
    await expect(signIn({ username: 'nobody@roost.test', password })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('sends an unconfirmed user to confirmation', async () => {
    await signUp({ username: 'carol@roost.test', password });
    const result = await signIn({ username: 'carol@roost.test', password });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
  });

  it('locks the account after five wrong passwords', async () => {
    await signUp({ username: 'dave@roost.test', password });
    await confirmSignUp({
      username: 'dave@roost.test',
      confirmationCode: identity.lastCode('dave@roost.test'),
    });
    for (let i = 0; i < 5; i += 1) {
      await expect(
        signIn({ username: 'dave@roost.test', password: `Wrong-pass-${i}` }),
      ).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    // The first lock lasts 1 s (as Cognito's): the clock stands still for the next try, so a
    // slow, busy machine cannot let the lock run out before the right password arrives.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      await expect(signIn({ username: 'dave@roost.test', password })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops code guessing after five attempts, even with the right code', async () => {
    await signUp({ username: 'erin@roost.test', password });
    const code = identity.lastCode('erin@roost.test');
    for (let i = 0; i < 5; i += 1) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      await expect(
        confirmSignUp({ username: 'erin@roost.test', confirmationCode: wrong }),
      ).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    await expect(
      confirmSignUp({ username: 'erin@roost.test', confirmationCode: code }),
    ).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
  });

  it('limits code sends, and a refused send leaves the last code valid', async () => {
    await signUp({ username: 'fred@roost.test', password });
    for (let i = 0; i < 4; i += 1) await resendSignUpCode({ username: 'fred@roost.test' });
    const lastSent = identity.lastCode('fred@roost.test');
    await expect(resendSignUpCode({ username: 'fred@roost.test' })).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    const confirmed = await confirmSignUp({
      username: 'fred@roost.test',
      confirmationCode: lastSent,
    });
    expect(confirmed.isSignUpComplete).toBe(true);
  });

  it('rejects a revoked refresh token', async () => {
    const { config } = identity.service;
    await expect(
      publicClient.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: config.clientId,
          RefreshToken: 'x'.repeat(64),
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });
});
