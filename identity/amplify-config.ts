import type { IdentityConfig } from './config.ts';

/** The Amplify v6 `Auth.Cognito` configuration the web app loads from `/amplify-config.json`. */
export function amplifyConfig(config: IdentityConfig) {
  const passwordFormat = {
    minLength: config.passwordPolicy.minLength,
    requireLowercase: config.passwordPolicy.requireLowercase,
    requireUppercase: config.passwordPolicy.requireUppercase,
    requireNumbers: config.passwordPolicy.requireNumbers,
    requireSpecialCharacters: config.passwordPolicy.requireSymbols,
  };
  if (config.cognito) {
    const { userPoolId, clientId, oauthDomain } = config.cognito;
    return {
      Auth: {
        Cognito: {
          userPoolId,
          userPoolClientId: clientId,
          loginWith: {
            email: true,
            ...(oauthDomain ? { oauth: oauthSection(config, oauthDomain) } : {}),
          },
          signUpVerificationMethod: 'code',
          userAttributes: { email: { required: true } },
          passwordFormat,
        },
      },
    };
  }
  const hasOauth = config.federation.length > 0;
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.clientId,
        userPoolEndpoint: config.endpointUrl,
        loginWith: {
          ...(config.usernameAttributes.includes('email') ? { email: true } : {}),
          // A verified mobile number signs in too (as an alias); e-mail stays the first mechanism,
          // so the Authenticator still signs up with an e-mail address.
          ...(config.usernameAttributes.includes('phone_number') ||
          config.aliasAttributes.includes('phone_number')
            ? { phone: true }
            : {}),
          ...(hasOauth ? { oauth: oauthSection(config, config.oauth.domain) } : {}),
        },
        signUpVerificationMethod: 'code',
        userAttributes: { email: { required: true } },
        passwordFormat,
        mfa: {
          status: config.mfa,
          totpEnabled: config.mfa !== 'off',
          smsEnabled: false,
        },
      },
    },
  };
}

function oauthSection(config: IdentityConfig, domain: string) {
  return {
    domain,
    scopes: config.oauth.scopes,
    redirectSignIn: config.oauth.redirectSignIn,
    redirectSignOut: config.oauth.redirectSignOut,
    responseType: 'code',
    providers: config.federation.map((provider) =>
      provider.name === 'SignInWithApple' ? 'Apple' : provider.name,
    ),
  };
}
