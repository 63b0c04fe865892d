import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from '@playwright/test';
import { E2E } from './e2e-env';
import { PASSWORD } from './accounts';
import { adminCredentialsOf } from '../../support/shared-settings.ts';

interface PoolConfig {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The running server's user pool driven with the AWS SDK, as an operator would: admin calls
 * signed with the generated admin credentials (docs/identity.md), user calls with the user's
 * own access token.
 */
async function connect(baseURL: string, dataDir: string) {
  const response = await fetch(`${baseURL}/amplify-config.json`);
  const pool = ((await response.json()) as { Auth: { Cognito: PoolConfig } }).Auth.Cognito;
  const credentials = adminCredentialsOf(dataDir);
  const client = new CognitoIdentityProviderClient({
    region: pool.userPoolId.split('_')[0],
    endpoint: `${baseURL}/idp`,
    credentials,
    maxAttempts: 1,
  });
  return { client, pool };
}

export interface NewUser {
  email: string;
  name: string;
  phone?: string;
  isEmailVerified?: boolean;
  isPhoneVerified?: boolean;
  /** Groups to add the user to (created when missing), e.g. `admins`. */
  groups?: string[];
  /** MFA methods to turn on (with the user's own token), and which one is preferred. */
  mfa?: { email?: boolean; sms?: boolean; preferred?: 'EMAIL' | 'SMS' };
}

/**
 * Creates a user with the shared test password (no invitation e-mail), then sets up MFA. The
 * server is the main one unless `dataDir` names another's data directory.
 */
export async function createUserWithSdk(
  baseURL: string,
  user: NewUser,
  dataDir = E2E.app.dataDir,
): Promise<void> {
  const { client, pool } = await connect(baseURL, dataDir);
  try {
    const attributes = [
      { Name: 'name', Value: user.name },
      { Name: 'email_verified', Value: String(user.isEmailVerified ?? true) },
      ...(user.phone
        ? [
            { Name: 'phone_number', Value: user.phone },
            { Name: 'phone_number_verified', Value: String(user.isPhoneVerified ?? true) },
          ]
        : []),
    ];
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        UserAttributes: attributes,
        MessageAction: 'SUPPRESS',
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        Password: PASSWORD,
        Permanent: true,
      }),
    );
    for (const group of user.groups ?? []) {
      await client
        .send(new CreateGroupCommand({ UserPoolId: pool.userPoolId, GroupName: group }))
        .catch((error: Error) => {
          if (error.name !== 'GroupExistsException') throw error;
        });
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: pool.userPoolId,
          Username: user.email,
          GroupName: group,
        }),
      );
    }
    if (!user.mfa) return;
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD },
      }),
    );
    const { email, sms, preferred } = user.mfa;
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: signedIn.AuthenticationResult!.AccessToken!,
        ...(email
          ? { EmailMfaSettings: { Enabled: true, PreferredMfa: preferred === 'EMAIL' } }
          : {}),
        ...(sms ? { SMSMfaSettings: { Enabled: true, PreferredMfa: preferred === 'SMS' } } : {}),
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Signs the user out everywhere (refresh tokens and the access tokens from them revoked). */
export async function signOutUserEverywhere(
  baseURL: string,
  email: string,
  dataDir = E2E.app.dataDir,
): Promise<void> {
  const { client, pool } = await connect(baseURL, dataDir);
  try {
    await client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
  } finally {
    client.destroy();
  }
}

/**
 * Signs `page`'s browser in as a user without the sign-in screen: the pool's tokens
 * (USER_PASSWORD_AUTH with the SDK) stored where Amplify's cookie storage keeps them, then
 * `path` opened. For tests about something else: the Authenticator itself is tested in
 * account.spec.ts, sign-in-challenges.spec.ts and the specs that sign in from a page.
 */
export async function signInWithTokens(
  page: Page,
  user: { email: string; password?: string },
  baseURL: string,
  dataDir = E2E.app.dataDir,
): Promise<void> {
  const { client, pool } = await connect(baseURL, dataDir);
  try {
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password ?? PASSWORD },
      }),
    );
    const result = signedIn.AuthenticationResult;
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) {
      throw new Error(`No tokens for ${user.email}: ${signedIn.ChallengeName ?? 'no result'}`);
    }
    const claims = JSON.parse(
      Buffer.from(result.AccessToken.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { username: string };
    // Amplify reads keys it finds in cookies and moves all but the ID token and the user's name
    // to localStorage (app/features/auth/token-storage.ts), as for a sign-in from before ADR 011.
    const prefix = `CognitoIdentityServiceProvider.${pool.userPoolClientId}`;
    const keys: Record<string, string> = {
      [`${prefix}.LastAuthUser`]: claims.username,
      [`${prefix}.${claims.username}.idToken`]: result.IdToken,
      [`${prefix}.${claims.username}.accessToken`]: result.AccessToken,
      [`${prefix}.${claims.username}.refreshToken`]: result.RefreshToken,
      [`${prefix}.${claims.username}.clockDrift`]: '0',
    };
    await page.context().addCookies(
      Object.entries(keys).map(([name, value]) => ({
        name: encodeURIComponent(name),
        value: encodeURIComponent(value),
        url: baseURL,
        sameSite: 'Lax' as const,
      })),
    );
  } finally {
    client.destroy();
  }
}
