import http from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** People the stand-in Google knows; any other login signs in as itself with no name. */
export const GOOGLE_PEOPLE: Record<
  string,
  { name: string; given_name: string; family_name: string }
> = {
  'eleanor.hughes@gmail.test': {
    name: 'Eleanor Hughes',
    given_name: 'Eleanor',
    family_name: 'Hughes',
  },
};

export interface FakeGoogle {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A local OpenID provider (`oidc-provider`) playing Google: discovery, authorize, token and JWKS,
 * with the provider's own development login form (any login, any password). Consent is taken as
 * given, as Google does for an app the person has used before.
 */
export async function startFakeGoogle(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<FakeGoogle> {
  const issuer = `http://127.0.0.1:${options.port}`;
  // The provider warns that it runs with development keys, storage and login form: expected here.
  const warn = console.warn;
  console.warn = () => {};
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    cookies: { keys: ['roost-e2e-fake-google'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx: KoaContextWithOIDC, login: string) => ({
      accountId: login,
      claims: () => ({
        sub: login,
        ...(login.includes('@') ? { email: login, email_verified: true } : {}),
        ...GOOGLE_PEOPLE[login],
      }),
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
  console.warn = warn;
  const server = http.createServer(callback);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
