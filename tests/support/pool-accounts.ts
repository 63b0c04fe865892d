import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { toSessionUser, type SessionUser } from '../../domain/session-user.ts';
import { password } from '../../identity/admin-test-support.ts';
import type { RunningIdentity } from '../../identity/test-support.ts';

/** A confirmed account made by the admin API, as the session sees it. */
export async function signUp(
  identity: RunningIdentity,
  person: { email: string; name: string; groups?: string[] },
): Promise<SessionUser> {
  const UserPoolId = identity.service.config.userPoolId;
  await identity.admin.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: person.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: person.name },
      ],
    }),
  );
  await identity.admin.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: person.email,
      Password: password,
      Permanent: true,
    }),
  );
  const user = await identity.admin.send(
    new AdminGetUserCommand({ UserPoolId, Username: person.email }),
  );
  return toSessionUser({
    sub: user.Username!,
    email: person.email,
    name: person.name,
    'cognito:groups': person.groups ?? ['members'],
  });
}

/** Sign-up as the site does it: the public SignUp call, then the code e-mailed to confirm it. */
export async function signUpInPublic(
  identity: RunningIdentity,
  person: { email: string; name: string; phone: string },
): Promise<SessionUser> {
  const client = identity.publicClient();
  const ClientId = identity.service.config.clientId;
  await client.send(
    new SignUpCommand({
      ClientId,
      Username: person.email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: person.email },
        { Name: 'name', Value: person.name },
        { Name: 'phone_number', Value: person.phone },
      ],
    }),
  );
  await client.send(
    new ConfirmSignUpCommand({
      ClientId,
      Username: person.email,
      ConfirmationCode: identity.lastCode(person.email),
    }),
  );
  const user = await identity.admin.send(
    new AdminGetUserCommand({
      UserPoolId: identity.service.config.userPoolId,
      Username: person.email,
    }),
  );
  return toSessionUser({
    sub: user.Username!,
    email: person.email,
    name: person.name,
    'cognito:groups': ['members'],
  });
}
