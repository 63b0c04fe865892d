import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale` only (the main config leaves tests/scale out): Roost as several instances
 * on PostgreSQL, Redis and S3 behind HAProxy (tests/scale/scale.test.ts). One file, one worker:
 * the scenarios share one cluster and run in order.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/scale/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 1_800_000,
  },
});
