import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from './schema.ts';
import { configureAmplify } from './amplify-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

let identity: RunningIdentity;
let publicClient: CognitoIdentityProviderClient;

const password = 'Sturdy-roof-42';
const mobile = '+447700900123';
const owner = { email: 'olivia@roost.test', name: 'Olivia Hart', sub: '' };
const later = { email: 'liam@roost.test', name: 'Liam Rowe', sub: '' };

beforeAll(async () => {
  // Amplify warns that a custom endpoint is configured; that is the point of this test.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  identity = await startTestIdentity();
  await configureAmplify(identity, { email: true, phone: true });
  publicClient = identity.publicClient();
  for (const person of [owner, later]) {
    const result = await signUp({
      username: person.email,
      password,
      options: { userAttributes: { email: person.email, name: person.name } },
    });
    person.sub = result.userId!;
    await confirmSignUp({
      username: person.email,
      confirmationCode: identity.lastCode(person.email),
    });
  }
});

afterAll(async () => {
  publicClient?.destroy();
  // Test files share their worker (isolate: false): leave no spies behind.
  vi.restoreAllMocks();
  await identity?.stop();
});

const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };

function passwordAuth(username: string, withPassword = password) {
  return publicClient.send(
    new InitiateAuthCommand({
      ClientId: identity.service.config.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: withPassword },
    }),
  );
}

/** Adds `mobile` to the signed-in account; returns the code texted to it. */
async function addMobile(): Promise<string> {
  const sent = identity.messages.length;
  const output = await updateUserAttributes({ userAttributes: { phone_number: mobile } });
  expect(output.phone_number!.nextStep).toMatchObject({
    updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
    codeDeliveryDetails: {
      deliveryMedium: 'SMS',
      attributeName: 'phone_number',
      destination: '+********0123',
    },
  });
  expect(identity.messages.slice(sent)).toMatchObject([{ channel: 'sms', to: mobile }]);
  return identity.lastCode(mobile);
}

describe('signing in with a mobile number (an alias, as in Cognito)', () => {
  let code = '';

  it('does not sign in with a number that is not verified yet, exactly as for an unknown user', async () => {
    await signIn({ username: owner.email, password });
    code = await addMobile();
    expect(await fetchUserAttributes()).toMatchObject({
      phone_number: mobile,
      phone_number_verified: 'false',
    });
    await signOut();

    await expect(signIn({ username: mobile, password })).rejects.toMatchObject(incorrect);
    await expect(signIn({ username: '+447700900999', password })).rejects.toMatchObject(incorrect);
    await expect(passwordAuth(mobile)).rejects.toMatchObject(incorrect);
    // Code-sending operations answer with a made-up destination, masked as a real one would be
    // (the texted code above went to '+********0123'), and send nothing.
    const sent = identity.messages.length;
    const reset = await resetPassword({ username: mobile });
    expect(reset.nextStep.codeDeliveryDetails).toMatchObject({
      deliveryMedium: 'SMS',
      destination: '+********0123',
    });
    const resend = await resendSignUpCode({ username: mobile });
    expect(resend).toMatchObject({ deliveryMedium: 'SMS', destination: '+********0123' });
    expect(identity.messages.length).toBe(sent);
  });

  it('signs in with SRP by the verified number; the SRP maths and USERNAME use the internal username', async () => {
    await signIn({ username: owner.email, password });
    await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
    expect(await fetchUserAttributes()).toMatchObject({ phone_number_verified: 'true' });
    await signOut();

    // What Amplify's signIn does by default (USER_SRP_AUTH, then PASSWORD_VERIFIER).
    const result = await signIn({ username: mobile, password });
    expect(result.isSignedIn).toBe(true);
    expect(await getCurrentUser()).toMatchObject({ userId: owner.sub, username: owner.sub });
    const session = await fetchAuthSession();
    expect(session.tokens!.idToken!.payload).toMatchObject({
      sub: owner.sub,
      'cognito:username': owner.sub,
      email: owner.email,
      phone_number: mobile,
      phone_number_verified: true,
    });
    await signOut();

    // The challenge names the internal username, whatever alias was typed.
    const started = await publicClient.send(
      new InitiateAuthCommand({
        ClientId: identity.service.config.clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: mobile, SRP_A: 'abc123' },
      }),
    );
    expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(started.ChallengeParameters).toMatchObject({
      USER_ID_FOR_SRP: owner.sub,
      USERNAME: owner.sub,
    });

    const byPassword = await passwordAuth(mobile);
    const idToken = byPassword.AuthenticationResult!.IdToken!;
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: owner.sub, 'cognito:username': owner.sub });
    await expect(passwordAuth(mobile, 'Wrong-pass-1')).rejects.toMatchObject(incorrect);
  });

  it('resets a forgotten password by the number, then signs in with the new one', async () => {
    const sent = identity.messages.length;
    const output = await resetPassword({ username: mobile });
    expect(output.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    // Account recovery prefers the verified e-mail address, as Cognito's default does.
    expect(output.nextStep.codeDeliveryDetails).toMatchObject({
      deliveryMedium: 'EMAIL',
      destination: 'o***@r***',
    });
    expect(identity.messages.slice(sent)).toMatchObject([{ channel: 'email', to: owner.email }]);
    const newPassword = 'Fresh-start-77';
    await confirmResetPassword({
      username: mobile,
      confirmationCode: identity.lastCode(owner.email),
      newPassword,
    });
    await expect(signIn({ username: mobile, password })).rejects.toMatchObject(incorrect);
    expect((await signIn({ username: mobile, password: newPassword })).isSignedIn).toBe(true);
    expect((await getCurrentUser()).userId).toBe(owner.sub);
    await signOut();
  });

  it('moves the number to the account that verifies it last', async () => {
    await signIn({ username: later.email, password });
    // Another account may hold the same number unverified.
    const code = await addMobile();
    await signOut();
    expect((await passwordAuth(mobile, 'Fresh-start-77')).AuthenticationResult).toBeDefined();

    await signIn({ username: later.email, password });
    await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
    await signOut();

    expect((await signIn({ username: mobile, password })).isSignedIn).toBe(true);
    expect((await getCurrentUser()).userId).toBe(later.sub);
    await signOut();
    await expect(passwordAuth(mobile, 'Fresh-start-77')).rejects.toMatchObject(incorrect);
    const previous = await identity.admin.send(
      new AdminGetUserCommand({
        UserPoolId: identity.service.config.userPoolId,
        Username: owner.email,
      }),
    );
    expect(previous.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'phone_number', Value: mobile },
        { Name: 'phone_number_verified', Value: 'false' },
      ]),
    );
  });
});

describe('rows written before numbers became aliases', () => {
  it('still refuse an unverified number kept in the phone_number column', async () => {
    const legacy = '+447700900777';
    await signIn({ username: later.email, password });
    await updateUserAttributes({ userAttributes: { phone_number: legacy } });
    await signOut();
    // As sign-up and attribute updates used to store it: the number in the column, unverified.
    await identity.database.db
      .update(users)
      .set({ phoneNumber: legacy })
      .where(eq(users.id, later.sub));
    await expect(passwordAuth(legacy)).rejects.toMatchObject(incorrect);
    await expect(signIn({ username: legacy, password })).rejects.toMatchObject(incorrect);
  });
});

describe('a pool that does not sign in with mobile numbers', () => {
  let strict: RunningIdentity;

  beforeAll(async () => {
    strict = await startTestIdentity({ env: { IDENTITY_ALIAS_ATTRIBUTES: 'none' } });
  });

  afterAll(async () => {
    await strict?.stop();
  });

  it('treats even a verified number as an unknown user', async () => {
    const { config } = strict.service;
    const client = strict.publicClient();
    try {
      await strict.admin.send(
        new AdminCreateUserCommand({
          UserPoolId: config.userPoolId,
          Username: 'nina@roost.test',
          TemporaryPassword: password,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email_verified', Value: 'true' },
            { Name: 'phone_number', Value: mobile },
            { Name: 'phone_number_verified', Value: 'true' },
          ],
        }),
      );
      const signInAs = (username: string) =>
        client.send(
          new InitiateAuthCommand({
            ClientId: config.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
          }),
        );
      await expect(signInAs('nina@roost.test')).resolves.toMatchObject({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
      });
      await expect(signInAs(mobile)).rejects.toMatchObject(incorrect);
    } finally {
      client.destroy();
    }
  });
});

describe('a pool whose users may sign up with a mobile number (IDENTITY_USERNAME_ATTRIBUTES)', () => {
  let phonePool: RunningIdentity;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    phonePool = await startTestIdentity({
      env: { IDENTITY_USERNAME_ATTRIBUTES: 'email,phone_number' },
    });
    client = phonePool.publicClient();
  });

  afterAll(async () => {
    client?.destroy();
    await phonePool?.stop();
  });

  it('keeps the number it signed up with as its username before it is confirmed', async () => {
    const ClientId = phonePool.service.config.clientId;
    const number = '+447700900555';
    await client.send(new SignUpCommand({ ClientId, Username: number, Password: password }));
    const signInAs = () =>
      client.send(
        new InitiateAuthCommand({
          ClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: number, PASSWORD: password },
        }),
      );
    await expect(signInAs()).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    const resent = await client.send(
      new ResendConfirmationCodeCommand({ ClientId, Username: number }),
    );
    expect(resent.CodeDeliveryDetails).toMatchObject({
      DeliveryMedium: 'SMS',
      Destination: '+********0555',
    });
    await client.send(
      new ConfirmSignUpCommand({
        ClientId,
        Username: number,
        ConfirmationCode: phonePool.lastCode(number),
      }),
    );
    await expect(signInAs()).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    });
  });
});
