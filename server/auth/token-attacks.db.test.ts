import {
  AdminDisableUserCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdentityService } from '../../identity/public.ts';
import { startAuthTestApp, type AuthTestApp } from './auth-test-app.ts';

/**
 * Tokens an attacker might present, each refused by the server's verification for pages (the
 * Amplify cookie, through the page guards) and for the admin API (a Bearer ID token). Tokens
 * come from the embedded pool through the AWS SDK, as the browser gets them.
 */
let site: AuthTestApp;
let adminTokens: Awaited<ReturnType<AuthTestApp['createUser']>>;
let memberTokens: Awaited<ReturnType<AuthTestApp['createUser']>>;
let strangerKey: CryptoKey;

beforeAll(async () => {
  site = await startAuthTestApp();
  adminTokens = await site.createUser('ada.admin@roost.test', ['admins']);
  memberTokens = await site.createUser('mo.member@roost.test');
  strangerKey = (await generateKeyPair('RS256')).privateKey;
});

afterAll(async () => {
  await site?.stop();
});

interface Outcome {
  page: number;
  adminPage: number;
  adminApi: number;
}

/** How the site treats a token: as the Amplify cookie on pages, as a Bearer on the admin API. */
async function outcomeOf(token: string): Promise<Outcome> {
  const { clientId } = site.identity.config;
  const username = String(decodeJwt(token)['cognito:username'] ?? decodeJwt(token).username);
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const cookie = [
    `${encodeURIComponent(`${prefix}.LastAuthUser`)}=${encodeURIComponent(username)}`,
    `${encodeURIComponent(`${prefix}.${username}.idToken`)}=${token}`,
  ].join('; ');
  const get = async (path: string, headers: Record<string, string>) =>
    (await fetch(`${site.base}${path}`, { headers, redirect: 'manual' })).status;
  return {
    page: await get('/guarded/account', { cookie }),
    adminPage: await get('/guarded/admin', { cookie }),
    adminApi: await get('/api/v1/admin/reports', { authorization: `Bearer ${token}` }),
  };
}

const signedInAdmin: Outcome = { page: 200, adminPage: 200, adminApi: 200 };
const signedInMember: Outcome = { page: 200, adminPage: 403, adminApi: 403 };
/** Sent to sign in on pages, 403 on the admin page, 401 from the API. */
const refused: Outcome = { page: 302, adminPage: 403, adminApi: 401 };

const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

/** The pool's own signature over claims of our choosing, as if issued at `at`. */
async function issuedBy(
  pool: IdentityService,
  claims: JWTPayload,
  options: { clientId?: string; at?: number } = {},
) {
  if (options.at !== undefined) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(options.at);
  }
  try {
    const { idToken } = await pool.tokens.issue({
      userId: String(claims.sub),
      username: String(claims['cognito:username']),
      attributes: { email: String(claims.email) },
      groups: (claims['cognito:groups'] as string[] | undefined) ?? [],
      clientId: options.clientId ?? site.identity.config.clientId,
      scope: 'aws.cognito.signin.user.admin',
      authTime: Number(claims.auth_time),
      originJti: String(claims.origin_jti),
      eventId: crypto.randomUUID(),
    });
    return idToken;
  } finally {
    vi.useRealTimers();
  }
}

describe('the genuine tokens (control)', () => {
  it('sign an administrator and a member in, with their roles', async () => {
    expect(await outcomeOf(adminTokens.IdToken)).toEqual(signedInAdmin);
    expect(await outcomeOf(memberTokens.IdToken)).toEqual(signedInMember);
    // Re-signed by the pool with the same claims: accepted, so the refusals below are the
    // altered claim's doing.
    expect(await outcomeOf(await issuedBy(site.identity, decodeJwt(adminTokens.IdToken)))).toEqual(
      signedInAdmin,
    );
  });
});

describe('forged and altered tokens are refused', () => {
  it('a forged signature (same header and claims, another key)', async () => {
    const header = decodeProtectedHeader(adminTokens.IdToken);
    const forged = await new SignJWT(decodeJwt(adminTokens.IdToken))
      .setProtectedHeader({ alg: 'RS256', kid: header.kid! })
      .sign(strangerKey);
    expect(await outcomeOf(forged)).toEqual(refused);
  });

  it('alg: none', async () => {
    const { kid } = decodeProtectedHeader(adminTokens.IdToken);
    const payload = adminTokens.IdToken.split('.')[1];
    expect(await outcomeOf(`${encode({ alg: 'none', kid })}.${payload}.`)).toEqual(refused);
    expect(await outcomeOf(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toEqual(refused);
  });

  it('an expired token, genuinely signed', async () => {
    const claims = decodeJwt(adminTokens.IdToken);
    const expired = await issuedBy(site.identity, claims, { at: Date.now() - 3 * 3600_000 });
    expect(decodeJwt(expired).exp! * 1000).toBeLessThan(Date.now());
    expect(await outcomeOf(expired)).toEqual(refused);
  });

  it('a token from another issuer, signed with the same key', async () => {
    const impostor = await site.otherPool({
      IDENTITY_ISSUER_URL: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Impostor',
    });
    const token = await issuedBy(impostor, decodeJwt(adminTokens.IdToken));
    expect(decodeProtectedHeader(token).kid).toBe(decodeProtectedHeader(adminTokens.IdToken).kid);
    expect(await outcomeOf(token)).toEqual(refused);
  });

  it('a token for another app client (audience)', async () => {
    const token = await issuedBy(site.identity, decodeJwt(adminTokens.IdToken), {
      clientId: 'anotherappclient0000000001',
    });
    expect(await outcomeOf(token)).toEqual(refused);
  });

  it('an access token presented as the ID token', async () => {
    expect(decodeJwt(adminTokens.AccessToken)['cognito:groups']).toEqual(['admins']);
    expect(await outcomeOf(adminTokens.AccessToken)).toEqual(refused);
  });

  it("a member's token with 'admins' added to cognito:groups", async () => {
    const [header, payload, signature] = memberTokens.IdToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as JWTPayload;
    const tampered = `${header}.${encode({ ...claims, 'cognito:groups': ['admins'] })}.${signature}`;
    expect(await outcomeOf(tampered)).toEqual(refused);
  });
});

describe('tokens whose sign-in has ended are refused', () => {
  it('the ID token of a revoked refresh token, and the refresh token itself', async () => {
    const tokens = await site.createUser('rev.oked@roost.test', ['admins']);
    expect(await outcomeOf(tokens.IdToken)).toEqual(signedInAdmin);
    const { clientId } = site.identity.config;
    await site.client.send(
      new RevokeTokenCommand({ ClientId: clientId, Token: tokens.RefreshToken }),
    );
    await expect(
      site.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: clientId,
          RefreshToken: tokens.RefreshToken,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    expect(await outcomeOf(tokens.IdToken)).toEqual(refused);
  });

  it("a disabled user's tokens", async () => {
    const tokens = await site.createUser('dis.abled@roost.test', ['admins']);
    expect(await outcomeOf(tokens.IdToken)).toEqual(signedInAdmin);
    await site.admin.send(
      new AdminDisableUserCommand({
        UserPoolId: site.identity.config.userPoolId,
        Username: 'dis.abled@roost.test',
      }),
    );
    expect(await outcomeOf(tokens.IdToken)).toEqual(refused);
    await expect(
      site.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: site.identity.config.clientId,
          RefreshToken: tokens.RefreshToken,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('every token of a user who signed out everywhere, and only theirs', async () => {
    const first = await site.createUser('every.where@roost.test');
    const second = await site.signIn('every.where@roost.test');
    await site.client.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken }));
    expect(await outcomeOf(first.IdToken)).toEqual(refused);
    expect(await outcomeOf(second.IdToken)).toEqual(refused);
    expect(await outcomeOf(memberTokens.IdToken)).toEqual(signedInMember);
  });
});
