import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  ListUsersCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, password, passwordSignIn } from './admin-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

/** The admin operations the admin portal's user pages call, through the AWS SDK. */
let identity: RunningIdentity;
let client: CognitoIdentityProviderClient;
let UserPoolId = '';
let ClientId = '';

beforeAll(async () => {
  identity = await startTestIdentity();
  UserPoolId = identity.service.config.userPoolId;
  ClientId = identity.service.config.clientId;
  client = identity.publicClient();
  for (const name of ['alice', 'amir', 'bella'])
    await createConfirmedUser(identity, `${name}@roost.test`);
});

afterAll(async () => {
  client?.destroy();
  await identity?.stop();
});

const signIn = (email: string, secret = password) =>
  passwordSignIn(identity, client, email, secret);
const adminGet = (Username: string) =>
  identity.admin.send(new AdminGetUserCommand({ UserPoolId, Username }));
const emailsOf = (users: { Attributes?: { Name?: string; Value?: string }[] }[] = []) =>
  users.map((user) => user.Attributes!.find((a) => a.Name === 'email')!.Value!).sort();
const listUsers = async (Filter: string) =>
  emailsOf((await identity.admin.send(new ListUsersCommand({ UserPoolId, Filter }))).Users);

describe('ListUsers filters for the user search', () => {
  beforeAll(async () => {
    await identity.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId,
        Username: 'amir@roost.test',
        UserAttributes: [
          { Name: 'phone_number', Value: '+447700900111' },
          { Name: 'name', Value: 'Amir Khan' },
        ],
      }),
    );
    await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'invited@roost.test',
        MessageAction: 'SUPPRESS',
      }),
    );
    await identity.admin.send(
      new AdminDisableUserCommand({ UserPoolId, Username: 'bella@roost.test' }),
    );
  });

  it('matches e-mail addresses exactly or by prefix, whatever their case', async () => {
    expect(await listUsers('email = "Alice@Roost.test"')).toEqual(['alice@roost.test']);
    expect(await listUsers('email ^= "A"')).toEqual(['alice@roost.test', 'amir@roost.test']);
  });

  it('matches phone number, name and sub', async () => {
    expect(await listUsers('phone_number = "+447700900111"')).toEqual(['amir@roost.test']);
    expect(await listUsers('phone_number ^= "+4477"')).toEqual(['amir@roost.test']);
    expect(await listUsers('name ^= "Amir"')).toEqual(['amir@roost.test']);
    const sub = (await adminGet('alice@roost.test')).Username!;
    expect(await listUsers(`sub = "${sub}"`)).toEqual(['alice@roost.test']);
  });

  it('matches status (case-sensitive) and cognito:user_status (case-insensitive)', async () => {
    expect(await listUsers('status = "Disabled"')).toEqual(['bella@roost.test']);
    expect(await listUsers('status = "disabled"')).toEqual([]);
    expect(await listUsers('cognito:user_status = "FORCE_CHANGE_PASSWORD"')).toEqual([
      'invited@roost.test',
    ]);
    expect(await listUsers('cognito:user_status = "force_change_password"')).toEqual([
      'invited@roost.test',
    ]);
    expect(await listUsers('cognito:user_status ^= "confirm"')).toEqual([
      'alice@roost.test',
      'amir@roost.test',
      'bella@roost.test',
    ]);
  });

  it('pages through filtered results with PaginationToken', async () => {
    const seen: string[] = [];
    let PaginationToken: string | undefined;
    do {
      const page = await identity.admin.send(
        new ListUsersCommand({ UserPoolId, Filter: 'email ^= "a"', Limit: 1, PaginationToken }),
      );
      expect(page.Users).toHaveLength(1);
      seen.push(...emailsOf(page.Users));
      PaginationToken = page.PaginationToken;
    } while (PaginationToken);
    expect(seen.sort()).toEqual(['alice@roost.test', 'amir@roost.test']);
  });

  afterAll(async () => {
    await identity.admin.send(
      new AdminEnableUserCommand({ UserPoolId, Username: 'bella@roost.test' }),
    );
  });
});

describe('AdminGetUser and AdminUpdateUserAttributes', () => {
  it("returns Cognito's UserType and takes attribute changes", async () => {
    await identity.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId,
        Username: 'alice@roost.test',
        UserAttributes: [{ Name: 'given_name', Value: 'Alice' }],
      }),
    );
    const user = await adminGet('alice@roost.test');
    expect(user).toMatchObject({ Enabled: true, UserStatus: 'CONFIRMED', MFAOptions: [] });
    expect(user.UserCreateDate).toBeInstanceOf(Date);
    expect(user.UserLastModifiedDate).toBeInstanceOf(Date);
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'sub', Value: user.Username },
        { Name: 'email', Value: 'alice@roost.test' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Alice' },
      ]),
    );
    await expect(
      identity.admin.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId,
          Username: 'nobody@roost.test',
          UserAttributes: [{ Name: 'name', Value: 'x' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
  });
});

describe('AdminUserGlobalSignOut and AdminDisableUser', () => {
  it('revoke refresh tokens and end the tokens already issued', async () => {
    const tokens = (await signIn('amir@roost.test')).AuthenticationResult!;
    expect(await identity.service.isTokenLive(decodeJwt(tokens.IdToken!))).toBe(true);
    await identity.admin.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId, Username: 'amir@roost.test' }),
    );
    expect(await identity.service.isTokenLive(decodeJwt(tokens.IdToken!))).toBe(false);
    await expect(
      client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: tokens.RefreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });

    const again = (await signIn('amir@roost.test')).AuthenticationResult!;
    expect(await identity.service.isTokenLive(decodeJwt(again.IdToken!))).toBe(true);
    await identity.admin.send(
      new AdminDisableUserCommand({ UserPoolId, Username: 'amir@roost.test' }),
    );
    expect(await identity.service.isTokenLive(decodeJwt(again.IdToken!))).toBe(false);
    await identity.admin.send(
      new AdminEnableUserCommand({ UserPoolId, Username: 'amir@roost.test' }),
    );
    // Re-enabling does not bring back the sessions that disabling ended.
    expect(await identity.service.isTokenLive(decodeJwt(again.IdToken!))).toBe(false);
    const after = (await signIn('amir@roost.test')).AuthenticationResult!;
    expect(await identity.service.isTokenLive(decodeJwt(after.IdToken!))).toBe(true);
  });
});

describe('AdminResetUserPassword', () => {
  it('requires a reset and sends the code to the verified address', async () => {
    const tokens = (await signIn('bella@roost.test')).AuthenticationResult!;
    await identity.admin.send(
      new AdminResetUserPasswordCommand({ UserPoolId, Username: 'bella@roost.test' }),
    );
    expect((await adminGet('bella@roost.test')).UserStatus).toBe('RESET_REQUIRED');
    expect(await identity.service.isTokenLive(decodeJwt(tokens.IdToken!))).toBe(false);
    await expect(signIn('bella@roost.test')).rejects.toMatchObject({
      name: 'PasswordResetRequiredException',
    });
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId,
        Username: 'bella@roost.test',
        ConfirmationCode: identity.lastCode('bella@roost.test'),
        Password: 'Brand-new-pass-7',
      }),
    );
    expect((await adminGet('bella@roost.test')).UserStatus).toBe('CONFIRMED');
    await expect(signIn('bella@roost.test', 'Brand-new-pass-7')).resolves.toHaveProperty(
      'AuthenticationResult.AccessToken',
    );
  });

  it('sends nothing to an address that was never verified', async () => {
    await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'unverified@roost.test',
        MessageAction: 'SUPPRESS',
        TemporaryPassword: password,
      }),
    );
    const sent = identity.messages.length;
    await identity.admin.send(
      new AdminResetUserPasswordCommand({ UserPoolId, Username: 'unverified@roost.test' }),
    );
    expect(identity.messages.length).toBe(sent);
    expect((await adminGet('unverified@roost.test')).UserStatus).toBe('RESET_REQUIRED');
  });
});

describe('AdminSetUserMFAPreference', () => {
  it('turns e-mail MFA on, then resets MFA so the user signs in with the password alone', async () => {
    await identity.admin.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId,
        Username: 'alice@roost.test',
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    expect(await adminGet('alice@roost.test')).toMatchObject({
      PreferredMfaSetting: 'EMAIL_OTP',
      UserMFASettingList: ['EMAIL_OTP'],
    });
    expect((await signIn('alice@roost.test')).ChallengeName).toBe('EMAIL_OTP');

    await identity.admin.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId,
        Username: 'alice@roost.test',
        EmailMfaSettings: { Enabled: false },
        SMSMfaSettings: { Enabled: false },
        SoftwareTokenMfaSettings: { Enabled: false },
      }),
    );
    const user = await adminGet('alice@roost.test');
    expect(user.UserMFASettingList).toBeUndefined();
    expect(user.PreferredMfaSetting).toBeUndefined();
    await expect(signIn('alice@roost.test')).resolves.toHaveProperty(
      'AuthenticationResult.AccessToken',
    );
  });

  it('refuses to turn on an authenticator app the user never set up, and unknown users', async () => {
    await expect(
      identity.admin.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId,
          Username: 'alice@roost.test',
          SoftwareTokenMfaSettings: { Enabled: true },
        }),
      ),
    ).rejects.toMatchObject({ name: 'SoftwareTokenMFANotFoundException' });
    await expect(
      identity.admin.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId,
          Username: 'nobody@roost.test',
          EmailMfaSettings: { Enabled: false },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});

describe('resending confirmation', () => {
  it('ResendConfirmationCode sends a self-registered user a new sign-up code', async () => {
    await client.send(
      new SignUpCommand({ ClientId, Username: 'newbie@roost.test', Password: password }),
    );
    const first = identity.lastCode('newbie@roost.test');
    const resent = await client.send(
      new ResendConfirmationCodeCommand({ ClientId, Username: 'newbie@roost.test' }),
    );
    expect(resent.CodeDeliveryDetails).toEqual({
      Destination: 'n***@r***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const second = identity.lastCode('newbie@roost.test');
    await expect(
      client.send(
        new ConfirmSignUpCommand({
          ClientId,
          Username: 'newbie@roost.test',
          ConfirmationCode: first === second ? '000000' : first,
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await client.send(
      new ConfirmSignUpCommand({
        ClientId,
        Username: 'newbie@roost.test',
        ConfirmationCode: second,
      }),
    );
    expect((await adminGet('newbie@roost.test')).UserStatus).toBe('CONFIRMED');
  });

  it('AdminCreateUser with MessageAction RESEND sends an invited user a new temporary password', async () => {
    await identity.admin.send(
      new AdminCreateUserCommand({ UserPoolId, Username: 'guest@roost.test' }),
    );
    const temporary = (text: string) => /\n {4}(\S+)\n/.exec(text)![1]!;
    const original = temporary(identity.messages.at(-1)!.text);
    const resent = await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: 'guest@roost.test',
        MessageAction: 'RESEND',
      }),
    );
    expect(resent.User).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    const message = identity.messages.at(-1)!;
    expect(message.to).toBe('guest@roost.test');
    const replacement = temporary(message.text);
    expect(replacement).not.toBe(original);
    await expect(signIn('guest@roost.test', original)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn('guest@roost.test', replacement)).ChallengeName).toBe(
      'NEW_PASSWORD_REQUIRED',
    );
  });

  it('RESEND refuses users who are not waiting for their first sign-in, and unknown users', async () => {
    await expect(
      identity.admin.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: 'alice@roost.test',
          MessageAction: 'RESEND',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'UnsupportedUserStateException',
      message: expect.stringMatching(
        /^Resend not possible\. .+ status is not FORCE_CHANGE_PASSWORD$/,
      ),
    });
    await expect(
      identity.admin.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: 'nobody@roost.test',
          MessageAction: 'RESEND',
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
