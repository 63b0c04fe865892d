import { z } from 'zod';

/** Where identity tokens come from and who they are for: enough to verify them by JWKS. */
export interface AuthSettings {
  issuer: string;
  jwksUri: string;
  clientId: string;
}

const amplifyConfigSchema = z.object({
  Auth: z.object({
    Cognito: z.object({
      userPoolId: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/),
      userPoolClientId: z.string().min(1),
      userPoolEndpoint: z.url().optional(),
    }),
  }),
});

/**
 * Reads the issuer from the Amplify configuration the identity service publishes
 * (`/amplify-config.json`). A custom `userPoolEndpoint` means the embedded user pool, whose
 * issuer is `<endpoint>/<pool id>`; otherwise it is Amazon Cognito's regional issuer.
 */
export function authSettingsFromAmplifyConfig(config: unknown): AuthSettings {
  const parsed = amplifyConfigSchema.safeParse(config);
  if (!parsed.success) {
    throw new Error('The Amplify configuration has no usable Auth.Cognito user pool settings.');
  }
  const { userPoolId, userPoolClientId, userPoolEndpoint } = parsed.data.Auth.Cognito;
  const region = userPoolId.slice(0, userPoolId.indexOf('_'));
  const issuer = userPoolEndpoint
    ? `${userPoolEndpoint.replace(/\/+$/, '')}/${userPoolId}`
    : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return { issuer, jwksUri: `${issuer}/.well-known/jwks.json`, clientId: userPoolClientId };
}

const identityEndpointsSchema = z.object({
  Auth: z.object({
    Cognito: z.object({
      userPoolId: z.string(),
      userPoolEndpoint: z.string().optional(),
      loginWith: z.object({ oauth: z.object({ domain: z.string() }).optional() }).optional(),
    }),
  }),
});

/** An origin fit to stand in a Content-Security-Policy source list (nothing to split on). */
const PLAIN_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origins Amplify calls, from the configuration `/amplify-config.json` publishes: the user
 * pool's endpoint (the site's own `/idp`, or Amazon Cognito's regional endpoint) and the hosted
 * OAuth domain, which Amplify always calls over https (`/oauth2/token` after a social sign-in).
 */
export function identityOrigins(config: unknown): string[] {
  const parsed = identityEndpointsSchema.safeParse(config);
  if (!parsed.success) return [];
  const { userPoolId, userPoolEndpoint, loginWith } = parsed.data.Auth.Cognito;
  const region = userPoolId.slice(0, Math.max(0, userPoolId.indexOf('_')));
  const candidates = [
    userPoolEndpoint ?? `https://cognito-idp.${region}.amazonaws.com`,
    ...(loginWith?.oauth ? [`https://${loginWith.oauth.domain}`] : []),
  ];
  const origins = new Set<string>();
  for (const candidate of candidates) {
    try {
      const { origin } = new URL(candidate);
      if (PLAIN_ORIGIN.test(origin)) origins.add(origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...origins];
}
