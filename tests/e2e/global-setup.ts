import { E2E } from './support/e2e-env';
import { startFakeGoogle } from './support/fake-google';

/** Starts the stand-in Google the Google-enabled server federates with; stops it at the end. */
export default async function globalSetup() {
  const google = await startFakeGoogle({
    port: E2E.fakeGoogle.port,
    clientId: E2E.fakeGoogle.clientId,
    clientSecret: E2E.fakeGoogle.clientSecret,
    redirectUris: [`https://localhost:${E2E.second.httpsPort}/oauth2/idpresponse`],
  });
  return () => google.close();
}
