import { Amplify } from 'aws-amplify';
import { defaultStorage } from 'aws-amplify/utils';
import type { RunningIdentity } from './test-support.ts';

/**
 * Points the Amplify client at a test pool, as `/amplify-config.json` does for the app, signed
 * out: test files share their worker's modules, and with them Amplify's stored tokens, so a
 * user another file left signed in (against its own, stopped pool) is forgotten first.
 */
export async function configureAmplify(
  identity: RunningIdentity,
  loginWith: { email?: boolean; phone?: boolean } = { email: true },
) {
  const { config } = identity.service;
  await defaultStorage.clear();
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
