import * as client from 'openid-client';
import type { FederatedProviderConfig, FederatedProviderName } from '../config.ts';

/** What identity needs to know about a person signed in at a social provider. */
export interface FederatedProfile {
  provider: FederatedProviderName;
  subject: string;
  email?: string;
  isEmailVerified: boolean;
  attributes: Record<string, string>;
}

export interface PendingFederation {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface FederatedProvider {
  name: FederatedProviderName;
  /** Where to send the browser, and the checks to keep until it comes back. */
  start(redirectUri: string): Promise<{ url: string; pending: PendingFederation }>;
  /** Exchanges the callback's code (PKCE, state and nonce checked) for the person's profile. */
  finish(
    callbackUrl: URL,
    pending: PendingFederation,
    body?: URLSearchParams,
  ): Promise<FederatedProfile>;
}

const scopes: Record<FederatedProviderName, string> = {
  Google: 'openid email profile',
  Facebook: 'openid email public_profile',
  SignInWithApple: 'openid email name',
};

/** OpenID Connect federation through openid-client; discovery happens on first use. */
export function createFederatedProvider(settings: FederatedProviderConfig): FederatedProvider {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= (async () => {
      const url = new URL(settings.issuerUrl);
      const options =
        url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
      return client.discovery(url, settings.clientId, settings.clientSecret, undefined, options);
    })().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };
  return {
    name: settings.name,
    async start(redirectUri) {
      const config = await configuration();
      const pending = {
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: scopes[settings.name],
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...(settings.name === 'SignInWithApple' ? { response_mode: 'form_post' } : {}),
      });
      return { url: url.href, pending };
    },
    async finish(callbackUrl, pending, body) {
      const config = await configuration();
      const current = body
        ? new URL(`${callbackUrl.origin}${callbackUrl.pathname}?${body.toString()}`)
        : callbackUrl;
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims?.sub) throw new Error('The provider returned no subject');
      // Providers that keep profile claims out of the ID token answer them at userinfo.
      const claims: Record<string, unknown> =
        typeof idClaims.email === 'string'
          ? idClaims
          : {
              ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)),
              ...idClaims,
            };
      const subject = idClaims.sub;
      const attributes: Record<string, string> = {};
      for (const name of ['name', 'given_name', 'family_name', 'picture', 'locale'] as const) {
        const value = claims[name];
        if (typeof value === 'string') attributes[name] = value;
      }
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return {
        provider: settings.name,
        subject,
        ...(email ? { email } : {}),
        isEmailVerified: Boolean(email) && verified,
        attributes,
      };
    },
  };
}
