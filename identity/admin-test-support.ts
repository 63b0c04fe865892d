import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { RunningIdentity } from './test-support.ts';

export const password = 'Lovely-house-12';

/** A confirmed user with a verified e-mail address, a name and `password`, made by the admin API. */
export async function createConfirmedUser(identity: RunningIdentity, email: string) {
  const poolId = identity.service.config.userPoolId;
  await identity.admin.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: `User ${email}` },
      ],
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

/** USER_PASSWORD_AUTH through the public client, as an SDK app signs in. */
export function passwordSignIn(
  identity: RunningIdentity,
  client: CognitoIdentityProviderClient,
  email: string,
  secret = password,
) {
  return client.send(
    new InitiateAuthCommand({
      ClientId: identity.service.config.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: secret },
    }),
  );
}
