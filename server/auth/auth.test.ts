import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createAuth, type Auth } from './auth.ts';
import {
  authSettingsFromAmplifyConfig,
  identityOrigins,
  type AuthSettings,
} from './auth-settings.ts';

const clientId = 'roostwebclient0000000000001';
const poolId = 'eu-west-2_RoostTest';
let server: http.Server;
let settings: AuthSettings;
let auth: Auth;
let jwksRequests = 0;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
const publicJwks: JWK[] = [];

async function idToken(
  claims: Record<string, unknown> = {},
  options: { key?: CryptoKey; kid?: string; expiresIn?: string } = {},
) {
  return new SignJWT({
    sub: '7d1c2a9e-0000-4000-8000-000000000001',
    'cognito:username': '7d1c2a9e-0000-4000-8000-000000000001',
    email: 'ada@example.co.uk',
    name: 'Ada Lovelace',
    token_use: 'id',
    aud: clientId,
    iss: settings.issuer,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'key-1' })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? signingKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  publicJwks.push({ ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' });
  server = http.createServer((req, res) => {
    if (req.url === `/idp/${poolId}/.well-known/jwks.json`) {
      jwksRequests += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: publicJwks }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  settings = authSettingsFromAmplifyConfig({
    Auth: {
      Cognito: {
        userPoolId: poolId,
        userPoolClientId: clientId,
        userPoolEndpoint: `http://127.0.0.1:${port}/idp`,
      },
    },
  });
  auth = createAuth({
    loadSettings: async () => settings,
    logger: createLogger({ logLevel: 'silent' }),
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function cookieHeader(token: string, username = '7d1c2a9e-0000-4000-8000-000000000001') {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  return [
    'roost-cookie-consent=essential',
    `${encodeURIComponent(`${prefix}.LastAuthUser`)}=${encodeURIComponent(username)}`,
    `${encodeURIComponent(`${prefix}.${username}.idToken`)}=${token}`,
  ].join('; ');
}

describe('authSettingsFromAmplifyConfig', () => {
  it('uses the regional Cognito issuer when no custom endpoint is published', () => {
    expect(
      authSettingsFromAmplifyConfig({
        Auth: { Cognito: { userPoolId: 'eu-west-2_AbC123', userPoolClientId: 'abc' } },
      }),
    ).toEqual({
      issuer: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123',
      jwksUri: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123/.well-known/jwks.json',
      clientId: 'abc',
    });
  });

  it('rejects a configuration without a user pool', () => {
    expect(() => authSettingsFromAmplifyConfig({ Auth: {} })).toThrow(/user pool/);
  });
});

describe("identityOrigins (what the pages' CSP lets Amplify call)", () => {
  it('allows the embedded pool on the site and its hosted OAuth domain over https', () => {
    expect(
      identityOrigins({
        Auth: {
          Cognito: {
            userPoolId: 'eu-west-2_RoostLocal',
            userPoolEndpoint: 'http://localhost:3000/idp',
            loginWith: { email: true, oauth: { domain: 'localhost:3443' } },
          },
        },
      }),
    ).toEqual(['http://localhost:3000', 'https://localhost:3443']);
  });

  it("allows Amazon Cognito's regional endpoint and the pool's own domain", () => {
    expect(
      identityOrigins({
        Auth: {
          Cognito: {
            userPoolId: 'eu-west-2_AbC123',
            loginWith: { oauth: { domain: 'roost.auth.eu-west-2.amazoncognito.com' } },
          },
        },
      }),
    ).toEqual([
      'https://cognito-idp.eu-west-2.amazonaws.com',
      'https://roost.auth.eu-west-2.amazoncognito.com',
    ]);
  });

  it('drops anything that is not a plain origin, so nothing can split the policy', () => {
    expect(
      identityOrigins({
        Auth: {
          Cognito: {
            userPoolId: 'eu-west-2_AbC123',
            userPoolEndpoint: 'not a url',
            loginWith: { oauth: { domain: 'evil.example;script-src' } },
          },
        },
      }),
    ).toEqual([]);
    expect(identityOrigins({})).toEqual([]);
  });
});

describe('createAuth', () => {
  it('reads the user from the Amplify cookie, with groups and the admin flag', async () => {
    const token = await idToken({ 'cognito:groups': ['admins'], given_name: 'Ada' });
    const user = await auth.userFromHeaders({ cookie: cookieHeader(token) });
    expect(user).toMatchObject({
      userId: '7d1c2a9e-0000-4000-8000-000000000001',
      email: 'ada@example.co.uk',
      name: 'Ada Lovelace',
      givenName: 'Ada',
      groups: ['admins'],
      isAdmin: true,
    });
  });

  it('reads a Bearer ID token and caches the keys between requests', async () => {
    const before = jwksRequests;
    const first = await auth.userFromHeaders({ authorization: `Bearer ${await idToken()}` });
    const second = await auth.userFromHeaders({ authorization: `Bearer ${await idToken()}` });
    expect(first?.isAdmin).toBe(false);
    expect(second?.email).toBe('ada@example.co.uk');
    expect(jwksRequests - before).toBeLessThanOrEqual(1);
  });

  it('treats a user with other groups as not an administrator', async () => {
    const user = await auth.userFromIdToken(await idToken({ 'cognito:groups': ['sellers'] }));
    expect(user?.isAdmin).toBe(false);
  });

  it.each([
    ['another app client', { aud: 'someoneelse' }, {}],
    ['another issuer', { iss: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Other' }, {}],
    ['an access token', { token_use: 'access' }, {}],
    ['an expired token', {}, { expiresIn: '-10m' }],
    ['a token signed by another key', {}, { key: 'stranger' }],
    ['an unknown key id', {}, { kid: 'key-unknown' }],
  ] as const)('rejects %s', async (_label, claims, options) => {
    const key = 'key' in options ? strangerKey : undefined;
    const token = await idToken(claims, { ...options, key });
    expect(await auth.userFromHeaders({ cookie: cookieHeader(token) })).toBeNull();
  });

  it('rejects an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-1' })).toString('base64url');
    const valid = await idToken();
    const payload = valid.split('.')[1];
    expect(await auth.userFromIdToken(`${header}.${payload}.`)).toBeNull();
  });

  it('ignores cookies for another user name and requests without tokens', async () => {
    const token = await idToken();
    const cookie = cookieHeader(token).replace(/LastAuthUser=[^;]+/, 'LastAuthUser=someone-else');
    expect(await auth.userFromHeaders({ cookie })).toBeNull();
    expect(await auth.userFromHeaders({})).toBeNull();
  });

  it('treats everyone as signed out while the identity settings cannot be read', async () => {
    const broken = createAuth({
      loadSettings: async () => {
        throw new Error('identity is starting');
      },
      logger: createLogger({ logLevel: 'silent' }),
    });
    expect(await broken.userFromIdToken(await idToken())).toBeNull();
  });
});
