import type { ResourcesConfig } from 'aws-amplify';

let loading: Promise<ResourcesConfig> | undefined;

/**
 * The site's Amplify configuration (`/amplify-config.json`), fetched once a page load and again
 * after a failure. Plain `fetch`: a signed-out visitor's pages read it (is Google sign-in on?)
 * without loading the Amplify client.
 */
export function fetchAmplifyConfig(): Promise<ResourcesConfig> {
  loading ??= (async () => {
    const response = await fetch('/amplify-config.json', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`/amplify-config.json answered ${response.status}`);
    return (await response.json()) as ResourcesConfig;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function isGoogleConfigured(config: ResourcesConfig): boolean {
  const providers = config.Auth?.Cognito?.loginWith?.oauth?.providers ?? [];
  return providers.some((provider) => provider === 'Google');
}
