import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import {
  type CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtVerifier } from 'aws-jwt-verify';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecrets } from './crypto/secrets.ts';
import { signingKeys } from './schema.ts';
import {
  createConfirmedUser,
  password,
  passwordSignIn as passwordSignInWith,
} from './admin-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

let identity: RunningIdentity;
let client: CognitoIdentityProviderClient;
let clientId = '';

beforeAll(async () => {
  identity = await startTestIdentity();
  clientId = identity.service.config.clientId;
  client = identity.publicClient();
  await createConfirmedUser(identity, 'hugo@roost.test');
});

afterAll(async () => {
  client?.destroy();
  await identity?.stop();
});

const passwordSignIn = (email: string, secret = password) =>
  passwordSignInWith(identity, client, email, secret);

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
