import { Amplify } from 'aws-amplify';
import type { RunningIdentity } from './test-support.ts';

/** Points the Amplify client at a test pool, as `/amplify-config.json` does for the app. */
export function configureAmplify(
  identity: RunningIdentity,
  loginWith: { email?: boolean; phone?: boolean } = { email: true },
) {
  const { config } = identity.service;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.clientId,
        userPoolEndpoint: `${identity.url}/idp`,
        loginWith,
        signUpVerificationMethod: 'code',
      },
    },
  });
}
