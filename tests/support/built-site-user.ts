import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { adminCredentialsOf } from './shared-settings.ts';

export interface BuiltSiteUser {
  idToken: string;
  /** The cookies Amplify's CookieStorage writes (server/auth/token-cookies.ts reads them). */
  cookie: string;
}

/**
 * A confirmed user on a Roost started by `tests/support/roost-process.ts` (embedded pool), made
 * with the admin credentials in its DATA_DIR and signed in with a password.
 */
export async function createBuiltSiteUser(
  base: string,
  dataDir: string,
  email: string,
): Promise<BuiltSiteUser> {
  const config = (await (await fetch(`${base}/amplify-config.json`)).json()) as {
    Auth: { Cognito: { userPoolId: string; userPoolClientId: string } };
  };
  const { userPoolId, userPoolClientId } = config.Auth.Cognito;
  const credentials = adminCredentialsOf(dataDir);
  const client = new CognitoIdentityProviderClient({
    region: userPoolId.split('_')[0],
    endpoint: `${base}/idp`,
    credentials,
    maxAttempts: 1,
  });
  const password = 'Correct-Horse-9-Battery';
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        MessageAction: 'SUPPRESS',
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = signedIn.AuthenticationResult!.IdToken!;
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      'cognito:username': string;
    };
    const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
    const username = claims['cognito:username'];
    const cookie = [
      `${prefix}.LastAuthUser=${encodeURIComponent(username)}`,
      `${prefix}.${encodeURIComponent(username)}.idToken=${idToken}`,
    ].join('; ');
    return { idToken, cookie };
  } finally {
    client.destroy();
  }
}
