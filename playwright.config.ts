import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, resolveChromium } from './tests/e2e/support/chromium.ts';
import { E2E, fakeGoogleIssuer } from './tests/e2e/support/e2e-env.ts';

const port = E2E.app.port;
const dataDir = E2E.app.dataDir;
// Specs for the second server (Google sign-in configured, MFA required).
const secondServerSpecs = /(google|mfa-required)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: E2E.outputDir,
  // Starts the local OpenID provider playing Google for the second server.
  globalSetup: './tests/e2e/global-setup.ts',
  // Two spec files at a time, both against the same servers: each test makes its own accounts
  // and listings and asserts on those (or on filters only its data matches), never on totals
  // another spec can change (docs/testing.md, 'End to end'). A file's tests stay in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 60_000,
  // On CI a hang anywhere ends the run with the stuck test named, well inside CI's own limit.
  globalTimeout: process.env.CI ? 16 * 60_000 : undefined,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records a screencast and DOM snapshots of every test while it runs, to keep only
    // the failures': on two cores that cost about a sixth of the run. CI prints its output only,
    // so there it is off; `--trace on` turns it back on for one run.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    launchOptions: { executablePath: resolveChromium(), args: chromiumArgs() },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: secondServerSpecs,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // Google sign-in end to end (the hosted OAuth domain has a self-signed certificate) and
      // MFA set-up at sign-in.
      name: 'google-and-required-mfa',
      testMatch: secondServerSpecs,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://localhost:${E2E.second.port}`,
        ignoreHTTPSErrors: true,
      },
    },
  ],
  webServer: [
    {
      // The real built server on a fresh embedded database, seeded like a new installation.
      command: `rm -rf "${dataDir}" && tsx server/main.ts`,
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HTTPS_PORT: String(E2E.app.httpsPort),
        // Background jobs (search alerts) every couple of seconds, so tests need not wait a minute.
        JOB_POLL_MS: '500',
        ALERT_INTERVAL_SECONDS: '2',
        // Tests publish and then search at once; the signed-out page cache (tested on its own in
        // server/web/page-cache.test.ts) would show them a page up to ten seconds old.
        SEARCH_PAGE_CACHE_SECONDS: '0',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
    },
    {
      // The same server with Google sign-in configured against the stand-in Google, and MFA
      // required of every password sign-in.
      command: `rm -rf "${E2E.second.dataDir}" && tsx server/main.ts`,
      url: `http://localhost:${E2E.second.port}/readyz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E.second.port),
        HTTPS_PORT: String(E2E.second.httpsPort),
        DATA_DIR: E2E.second.dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        IDENTITY_MFA: 'on',
        GOOGLE_CLIENT_ID: E2E.fakeGoogle.clientId,
        GOOGLE_CLIENT_SECRET: E2E.fakeGoogle.clientSecret,
        GOOGLE_ISSUER_URL: fakeGoogleIssuer,
      },
    },
  ],
});
