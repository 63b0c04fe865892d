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
