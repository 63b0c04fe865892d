import fs from 'node:fs';
import path from 'node:path';

/**
 * What every instance on a shared PostgreSQL database must be given alike (server/config.ts
 * refuses to start without them): test values, never for production.
 */
export const SHARED_TEST_SETTINGS = {
  IDENTITY_SECRET: 'roost-test-identity-secret-not-for-production',
  APP_SECRET: 'roost-test-app-secret-not-for-production-use',
  IDENTITY_ADMIN_ACCESS_KEY_ID: 'RAKTESTSHAREDDATABASE0',
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'roost-test-admin-secret-not-for-production',
} as const;

/**
 * The admin credentials a test server signs admin calls with: generated into its data directory
 * on PGlite, the shared test settings on PostgreSQL.
 */
export function adminCredentialsOf(dataDir: string): {
  accessKeyId: string;
  secretAccessKey: string;
} {
  const file = path.join(dataDir, 'identity', 'admin-credentials.json');
  if (fs.existsSync(file)) {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as {
      accessKeyId: string;
      secretAccessKey: string;
    };
  }
  return {
    accessKeyId: SHARED_TEST_SETTINGS.IDENTITY_ADMIN_ACCESS_KEY_ID,
    secretAccessKey: SHARED_TEST_SETTINGS.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
  };
}
