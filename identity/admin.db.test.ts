import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
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
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtVerifier } from 'aws-jwt-verify';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecrets } from './crypto/secrets.ts';
import { signingKeys } from './schema.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

let identity: RunningIdentity;
let client: CognitoIdentityProviderClient;
let poolId = '';
let clientId = '';

const password = 'Lovely-house-12';

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

async function createConfirmedUser(email: string) {
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

async function passwordSignIn(email: string, secret = password) {
  return client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: secret },
    }),
  );
}

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

describe('refresh tokens', () => {
  it('refresh with REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken until revoked', async () => {
    const result = (await passwordSignIn('hugo@roost.test')).AuthenticationResult!;
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: result.RefreshToken! },
      }),
    );
    expect(refreshed.AuthenticationResult!.RefreshToken).toBeUndefined();
    expect(decodeJwt(refreshed.AuthenticationResult!.IdToken!).auth_time).toBe(
      decodeJwt(result.IdToken!).auth_time,
    );
    await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: result.RefreshToken! }));
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: clientId,
          RefreshToken: result.RefreshToken,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    await expect(
      client.send(new GetUserCommand({ AccessToken: result.AccessToken })),
    ).rejects.toMatchObject({
      message: 'Access Token has been revoked',
    });
  });
});

describe('token security', () => {
  let good = { id: '', access: '' };
  const createIdVerifier = (issuer: string) =>
    JwtVerifier.create({ issuer, audience: clientId, jwksUri: `${issuer}/.well-known/jwks.json` });
  let idVerifier: ReturnType<typeof createIdVerifier>;

  beforeAll(async () => {
    const result = (await passwordSignIn('hugo@roost.test')).AuthenticationResult!;
    good = { id: result.IdToken!, access: result.AccessToken! };
    const { config } = identity.service;
    idVerifier = createIdVerifier(config.issuer);
    idVerifier.cacheJwks(await (await fetch(`${config.issuer}/.well-known/jwks.json`)).json());
  });

  async function ourKey() {
    const [row] = await identity.database.db.select().from(signingKeys).limit(1);
    const jwk = JSON.parse(
      createSecrets(identity.service.config.secret).decrypt(row!.privateJwk),
    ) as JWK;
    return { kid: row!.kid, key: await importJWK(jwk, 'RS256') };
  }

  async function resign(
    token: string,
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const { kid, key } = await ourKey();
    return new SignJWT(change(decodeJwt(token) as Record<string, unknown>))
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(key);
  }

  const rejectAccess = (token: string) =>
    expect(client.send(new GetUserCommand({ AccessToken: token }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

  it('accepts the genuine tokens', async () => {
    await expect(idVerifier.verify(good.id)).resolves.toMatchObject({ token_use: 'id' });
    await expect(
      client.send(new GetUserCommand({ AccessToken: good.access })),
    ).resolves.toBeTruthy();
  });

  it('rejects a token whose payload was altered', async () => {
    const [header, payload, signature] = good.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    await rejectAccess(forged);
    const [idHeader, idPayload, idSignature] = good.id.split('.');
    const idClaims = JSON.parse(Buffer.from(idPayload!, 'base64url').toString());
    await expect(
      idVerifier.verify(
        `${idHeader}.${Buffer.from(JSON.stringify({ ...idClaims, 'cognito:groups': ['admins'] })).toString('base64url')}.${idSignature}`,
      ),
    ).rejects.toThrow();
  });

  it('rejects expired, wrong-issuer and wrong-audience tokens even when signed with our key', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    await rejectAccess(await resign(good.access, (c) => ({ ...c, iat: past, exp: past + 3600 })));
    await rejectAccess(
      await resign(good.access, (c) => ({ ...c, iss: 'https://evil.example/idp/x' })),
    );
    await rejectAccess(await resign(good.access, (c) => ({ ...c, token_use: 'id' })));
    await expect(
      idVerifier.verify(await resign(good.id, (c) => ({ ...c, aud: 'another-client' }))),
    ).rejects.toThrow();
    await expect(
      idVerifier.verify(await resign(good.id, (c) => ({ ...c, iat: past, exp: past + 3600 }))),
    ).rejects.toThrow();
  });

  it('rejects alg none and tokens re-signed with another key under our kid', async () => {
    const { kid } = decodeProtectedHeader(good.access);
    const [, payload] = good.access.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${payload}.`;
    await rejectAccess(none);
    await expect(
      idVerifier.verify(
        `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${good.id.split('.')[1]}.`,
      ),
    ).rejects.toThrow();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const resigned = await new SignJWT(decodeJwt(good.access))
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })));
    await rejectAccess(resigned);
  });

  it('keeps old keys in the JWKS after rotation so earlier tokens still verify', async () => {
    const before = (await identity.service.tokens.jwks()).keys.length;
    await identity.service.tokens.rotate();
    const after = (await identity.service.tokens.jwks()).keys;
    expect(after.length).toBe(before + 1);
    await expect(
      client.send(new GetUserCommand({ AccessToken: good.access })),
    ).resolves.toBeTruthy();
    const next = (await passwordSignIn('hugo@roost.test')).AuthenticationResult!;
    expect(decodeProtectedHeader(next.AccessToken!).kid).not.toBe(
      decodeProtectedHeader(good.access).kid,
    );
  });
});
