import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { AuthSettings } from './auth-settings.ts';

export interface IdTokenVerifier {
  /** Resolves with the payload of a valid ID token for this app client; rejects otherwise. */
  verify(token: string): Promise<JwtPayload>;
}

/**
 * Verifies Cognito-style ID tokens with AWS's own verifier: signature by the issuer's JWKS
 * (fetched once and cached; fetched again only for an unknown key id, so rotation works),
 * issuer, audience (the app client), expiry and `token_use: id`. The fetcher uses `fetch`, so
 * the embedded pool's plain-HTTP issuer works in development as well as Cognito's HTTPS one.
 */
export function createIdTokenVerifier(settings: AuthSettings): IdTokenVerifier {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      async fetch(uri: string) {
        const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
        if (!response.ok) throw new Error(`JWKS ${uri} answered ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
  const verifier = JwtVerifier.create(
    {
      issuer: settings.issuer,
      jwksUri: settings.jwksUri,
      audience: settings.clientId,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an ID token');
      },
    },
    { jwksCache },
  );
  return { verify: (token) => verifier.verify(token) as Promise<JwtPayload> };
}
