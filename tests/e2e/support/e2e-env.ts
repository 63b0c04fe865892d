import path from 'node:path';

/**
 * Ports and data directories of the servers the end-to-end run starts. Everything follows
 * E2E_PORT and HTTPS_PORT, so two runs on one machine with different ports never share a port or
 * a data directory (each server starts from an empty one).
 */
const explicitPort = process.env.E2E_PORT;
const appPort = Number(explicitPort ?? 3999);
const httpsPort = Number(process.env.HTTPS_PORT ?? 3443);
const suffix = explicitPort ? `-${appPort}` : '';

export const E2E = {
  /** The main server: default identity settings, no social sign-in. */
  app: {
    port: appPort,
    httpsPort,
    dataDir: path.resolve('test-results', `e2e-data${suffix}`),
  },
  /**
   * A second server with Google sign-in configured against the stand-in Google, and MFA required
   * (IDENTITY_MFA=on: users without MFA set it up at sign-in; social sign-in is not affected).
   */
  second: {
    port: Number(process.env.E2E_SECOND_PORT ?? appPort + 100),
    httpsPort: Number(process.env.E2E_SECOND_HTTPS_PORT ?? httpsPort + 100),
    dataDir: path.resolve('test-results', `e2e-second-data${suffix}`),
  },
  /** The local OpenID provider playing Google (started by the global setup). */
  fakeGoogle: {
    port: Number(process.env.E2E_FAKE_GOOGLE_PORT ?? appPort + 200),
    clientId: 'roost-e2e-google-client',
    clientSecret: 'roost-e2e-google-secret',
  },
  outputDir: `test-results/e2e${suffix}`,
};

export const fakeGoogleIssuer = `http://127.0.0.1:${E2E.fakeGoogle.port}`;
