import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  AdminCreateUserCommand,
  AdminListUserAuthEventsCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

const appCallback = 'http://app.roost.test/callback';
const appSignedOut = 'http://app.roost.test/';

/** People known to the stand-in Google. */
const accounts: Record<string, { email: string; email_verified: boolean; name: string }> = {
  'google-sub-1': { email: 'nina@gmail.test', email_verified: true, name: 'Nina Gmail' },
  'google-sub-2': { email: 'owen@roost.test', email_verified: true, name: 'Owen Linked' },
};
let signingInAs = 'google-sub-1';

let identity: RunningIdentity;
let google: http.Server;
let client: CognitoIdentityProviderClient;

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  let handler: http.RequestListener = (_req, res) => res.end();
  google = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  const googleUrl = `http://127.0.0.1:${(google.address() as { port: number }).port}`;

  identity = await startTestIdentity({
    env: {
      GOOGLE_CLIENT_ID: 'roost-google-client',
      GOOGLE_CLIENT_SECRET: 'roost-google-secret',
      GOOGLE_ISSUER_URL: googleUrl,
      IDENTITY_OAUTH_REDIRECT_SIGN_IN: appCallback,
      IDENTITY_OAUTH_REDIRECT_SIGN_OUT: appSignedOut,
    },
  });
  // The test serves the hosted endpoints over plain http.
  identity.service.config.oauth.baseUrl = identity.url;

  const provider = new Provider(googleUrl, {
    clients: [
      {
        client_id: 'roost-google-client',
        client_secret: 'roost-google-secret',
        redirect_uris: [`${identity.url}/oauth2/idpresponse`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...accounts[id] }),
    }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  handler = async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      // The stand-in Google signs the chosen person in without a form.
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: signingInAs } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  };
  client = identity.publicClient();
});

afterAll(async () => {
  client?.destroy();
  // Test files share their worker (isolate: false): leave no spies behind.
  vi.restoreAllMocks();
  await identity?.stop();
  google?.closeAllConnections();
  await new Promise((resolve) => google?.close(resolve));
});

/** Follows redirects like a browser (cookies per host) until the app's callback is reached. */
async function browse(start: string): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  let url = start;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(appCallback) || url.startsWith(appSignedOut)) return new URL(url);
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    jar.set(host, cookies);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `Stopped at ${url} with ${response.status}: ${(await response.text()).slice(0, 200)}`,
      );
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects');
}

function pkce() {
  const verifier = randomBytes(64)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 128)
    .padEnd(43, 'a');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(challenge: string, state: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    redirect_uri: appCallback,
    response_type: 'code',
    client_id: identity.service.config.clientId,
    identity_provider: 'Google',
    scope: 'phone email openid profile aws.cognito.signin.user.admin',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${identity.url}/oauth2/authorize?${params}`;
}

async function exchange(code: string, verifier: string) {
  const response = await fetch(`${identity.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: identity.service.config.clientId,
      redirect_uri: appCallback,
      code_verifier: verifier,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('hosted OAuth with Google federation (a local oidc-provider plays Google)', () => {
  it('creates a Google_<sub> user for a new person and issues tokens for the code', async () => {
    signingInAs = 'google-sub-1';
    const { verifier, challenge } = pkce();
    const back = await browse(authorizeUrl(challenge, 'state-one-0123456789abcdef012345'));
    expect(back.searchParams.get('state')).toBe('state-one-0123456789abcdef012345');
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    expect((await exchange(code, `${verifier.slice(0, -1)}x`)).body).toEqual({
      error: 'invalid_grant',
    });
    // The failed attempt spent the code: codes are single use.
    const retry = await browse(authorizeUrl(challenge, 'state-two-0123456789abcdef012345'));
    const tokens = await exchange(retry.searchParams.get('code')!, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');
    const id = decodeJwt(tokens.body.id_token!);
    expect(id).toMatchObject({
      'cognito:username': 'Google_google-sub-1',
      email: 'nina@gmail.test',
      email_verified: true,
      name: 'Nina Gmail',
      aud: identity.service.config.clientId,
    });
    expect(id.identities).toEqual([
      expect.objectContaining({ providerName: 'Google', userId: 'google-sub-1' }),
    ]);
    const access = decodeJwt(tokens.body.access_token!);
    expect(access.scope).toBe('phone email openid profile aws.cognito.signin.user.admin');
    expect(await exchange(retry.searchParams.get('code')!, verifier)).toMatchObject({
      body: { error: 'invalid_grant' },
    });

    const user = await client.send(new GetUserCommand({ AccessToken: tokens.body.access_token }));
    expect(user.Username).toBe('Google_google-sub-1');
    const info = await fetch(`${identity.url}/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(await info.json()).toMatchObject({ email: 'nina@gmail.test', email_verified: 'true' });

    // The same Google account signs in to the same user next time.
    const again = pkce();
    const second = await browse(authorizeUrl(again.challenge, 'state-three-123456789abcdef012345'));
    const secondTokens = await exchange(second.searchParams.get('code')!, again.verifier);
    expect(decodeJwt(secondTokens.body.id_token!).sub).toBe(id.sub);
  });

  it('links a Google account to an existing user with the same verified e-mail', async () => {
    const { userPoolId } = identity.service.config;
    const created = await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: 'owen@roost.test',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    await identity.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: 'owen@roost.test',
        Password: 'Owens-pass-1',
        Permanent: true,
      }),
    );
    signingInAs = 'google-sub-2';
    const { verifier, challenge } = pkce();
    const back = await browse(authorizeUrl(challenge, 'state-four-0123456789abcdef01234'));
    const tokens = await exchange(back.searchParams.get('code')!, verifier);
    const id = decodeJwt(tokens.body.id_token!);
    expect(id.sub).toBe(created.User!.Username);
    expect(id['cognito:username']).toBe(created.User!.Username);
  });

  it('records social sign-ins in the sign-in history, not the refused code exchanges', async () => {
    const { AuthEvents } = await identity.admin.send(
      new AdminListUserAuthEventsCommand({
        UserPoolId: identity.service.config.userPoolId,
        Username: 'Google_google-sub-1',
      }),
    );
    expect(
      AuthEvents!.map((event) => [
        event.EventType,
        event.EventResponse,
        event.ChallengeResponses,
        event.EventContextData?.IpAddress,
      ]),
    ).toEqual([
      ['SignIn', 'Pass', [], '127.0.0.0/24'],
      ['SignIn', 'Pass', [], '127.0.0.0/24'],
    ]);
  });

  it('refuses authorisation without PKCE, unknown providers and unregistered redirects', async () => {
    const noPkce = await fetch(authorizeUrl('', 's', { code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe(
      'invalid_request',
    );
    const facebook = await fetch(
      authorizeUrl(pkce().challenge, 's', { identity_provider: 'Facebook' }),
      { redirect: 'manual' },
    );
    expect(new URL(facebook.headers.get('location')!).searchParams.get('error')).toBe(
      'invalid_request',
    );
    const elsewhere = await fetch(
      authorizeUrl(pkce().challenge, 's', { redirect_uri: 'https://evil.example/cb' }),
      {
        redirect: 'manual',
      },
    );
    expect(elsewhere.status).toBe(400);
  });

  it('logs out to registered addresses only', async () => {
    const { clientId } = identity.service.config;
    const ok = await fetch(
      `${identity.url}/logout?client_id=${clientId}&logout_uri=${encodeURIComponent(appSignedOut)}`,
      {
        redirect: 'manual',
      },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(appSignedOut);
    const bad = await fetch(
      `${identity.url}/logout?client_id=${clientId}&logout_uri=${encodeURIComponent('https://evil.example/')}`,
      {
        redirect: 'manual',
      },
    );
    expect(bad.status).toBe(400);
  });
});
