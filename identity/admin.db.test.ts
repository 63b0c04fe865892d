import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfirmedUser as createConfirmedUserWith,
  password,
  passwordSignIn as passwordSignInWith,
} from './admin-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

let identity: RunningIdentity;
let client: CognitoIdentityProviderClient;
let poolId = '';
let clientId = '';

beforeAll(async () => {
  identity = await startTestIdentity();
  poolId = identity.service.config.userPoolId;
  clientId = identity.service.config.clientId;
  client = identity.publicClient();
});

afterAll(async () => {
  client?.destroy();
  await identity?.stop();
});

const createConfirmedUser = (email: string) => createConfirmedUserWith(identity, email);
const passwordSignIn = (email: string, secret = password) =>
  passwordSignInWith(identity, client, email, secret);

describe('admin operations through the AWS SDK, signed with SigV4', () => {
  it('refuses admin calls signed with the wrong secret, and unsigned ones', async () => {
    const forged = new CognitoIdentityProviderClient({
      region: 'eu-west-2',
      endpoint: `${identity.url}/idp`,
      credentials: {
        ...identity.service.config.adminCredentials,
        secretAccessKey: 'not-the-secret-key-000000',
      },
      maxAttempts: 1,
    });
    await expect(forged.send(new ListUsersCommand({ UserPoolId: poolId }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    forged.destroy();
    const response = await fetch(`${identity.url}/idp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
      },
      body: JSON.stringify({ UserPoolId: poolId, Username: 'x@roost.test' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException:');
  });

  it('creates a user with a temporary password sent by e-mail, then forces a new one', async () => {
    const created = await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: 'Fiona@Roost.test',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    expect(created.User).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    const message = identity.messages.at(-1)!;
    expect(message.to).toBe('fiona@roost.test');
    const temporary = /\n {4}(\S+)\n/.exec(message.text)![1]!;
    const first = await passwordSignIn('fiona@roost.test', temporary);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(JSON.parse(first.ChallengeParameters!.requiredAttributes!)).toEqual([]);
    await expect(
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: first.Session,
          ChallengeResponses: {
            USERNAME: first.ChallengeParameters!.USERNAME!,
            NEW_PASSWORD: 'shortpass',
          },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    // The session was spent by the failed attempt: Cognito sessions answer once.
    const again = await passwordSignIn('fiona@roost.test', temporary);
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: again.Session,
        ChallengeResponses: {
          USERNAME: again.ChallengeParameters!.USERNAME!,
          NEW_PASSWORD: password,
        },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    const user = await identity.admin.send(
      new AdminGetUserCommand({ UserPoolId: poolId, Username: 'fiona@roost.test' }),
    );
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: 'fiona@roost.test' });
  });

  it('lists users with Cognito filters and pagination tokens', async () => {
    for (const name of ['gina', 'gail', 'greg', 'hugo'])
      await createConfirmedUser(`${name}@roost.test`);
    const filtered = await identity.admin.send(
      new ListUsersCommand({ UserPoolId: poolId, Filter: 'email ^= "g"' }),
    );
    expect(
      filtered.Users!.map((u) => u.Attributes!.find((a) => a.Name === 'email')!.Value).sort(),
    ).toEqual(['gail@roost.test', 'gina@roost.test', 'greg@roost.test']);
    const exact = await identity.admin.send(
      new ListUsersCommand({ UserPoolId: poolId, Filter: 'email = "hugo@roost.test"' }),
    );
    expect(exact.Users).toHaveLength(1);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await identity.admin.send(
        new ListUsersCommand({ UserPoolId: poolId, Limit: 2, PaginationToken: token }),
      );
      expect(page.Users!.length).toBeLessThanOrEqual(2);
      seen.push(...page.Users!.map((u) => u.Username!));
      token = page.PaginationToken;
    } while (token);
    expect(new Set(seen).size).toBe(5);
    await expect(
      identity.admin.send(new ListUsersCommand({ UserPoolId: poolId, Filter: 'password = "x"' })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('manages groups and membership, and the groups reach the tokens', async () => {
    await identity.admin.send(
      new CreateGroupCommand({
        UserPoolId: poolId,
        GroupName: 'admins',
        Description: 'Administrators',
      }),
    );
    await expect(
      identity.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'admins' })),
    ).rejects.toMatchObject({
      name: 'GroupExistsException',
    });
    await identity.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'agents' }));
    expect(
      (await identity.admin.send(new ListGroupsCommand({ UserPoolId: poolId }))).Groups!.map(
        (g) => g.GroupName,
      ),
    ).toEqual(['admins', 'agents']);
    await identity.admin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: poolId,
        Username: 'gina@roost.test',
        GroupName: 'admins',
      }),
    );
    const groups = await identity.admin.send(
      new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: 'gina@roost.test' }),
    );
    expect(groups.Groups!.map((g) => g.GroupName)).toEqual(['admins']);
    const members = await identity.admin.send(
      new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: 'admins' }),
    );
    expect(members.Users).toHaveLength(1);
    const signedIn = await passwordSignIn('gina@roost.test');
    expect(decodeJwt(signedIn.AuthenticationResult!.IdToken!)['cognito:groups']).toEqual([
      'admins',
    ]);
    await identity.admin.send(
      new AdminRemoveUserFromGroupCommand({
        UserPoolId: poolId,
        Username: 'gina@roost.test',
        GroupName: 'admins',
      }),
    );
    const after = await passwordSignIn('gina@roost.test');
    expect(decodeJwt(after.AuthenticationResult!.IdToken!)['cognito:groups']).toBeUndefined();
    await expect(
      identity.admin.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: poolId,
          Username: 'gina@roost.test',
          GroupName: 'nope',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('disables, enables, resets, signs out and deletes users', async () => {
    const tokens = (await passwordSignIn('greg@roost.test')).AuthenticationResult!;
    await identity.admin.send(
      new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'greg@roost.test' }),
    );
    await expect(passwordSignIn('greg@roost.test')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await expect(
      client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await identity.admin.send(
      new AdminEnableUserCommand({ UserPoolId: poolId, Username: 'greg@roost.test' }),
    );
    const fresh = (await passwordSignIn('greg@roost.test')).AuthenticationResult!;
    await identity.admin.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: 'greg@roost.test' }),
    );
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: clientId,
          RefreshToken: fresh.RefreshToken,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    await identity.admin.send(
      new AdminResetUserPasswordCommand({ UserPoolId: poolId, Username: 'greg@roost.test' }),
    );
    await expect(passwordSignIn('greg@roost.test')).rejects.toMatchObject({
      name: 'PasswordResetRequiredException',
    });
    await identity.admin.send(
      new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'greg@roost.test' }),
    );
    await expect(
      identity.admin.send(
        new AdminGetUserCommand({ UserPoolId: poolId, Username: 'greg@roost.test' }),
      ),
    ).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });
});
