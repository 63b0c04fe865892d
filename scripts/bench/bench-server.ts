// The real server as `npm start` composes it, on a free loopback port, for the benchmarks that
// measure it in their own process (bench:pages, bench:search).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startRoost } from '../../server/main.ts';

/** A port nothing listens on now. */
export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts Roost on `serverEnv` (from `freshDatabase`) plus `settings`, silent and without the demo
 * seed. `PUBLIC_URL` is the server's own address: a shared database requires it to be set.
 */
export async function startBenchServer(
  serverEnv: Record<string, string>,
  settings: Record<string, string> = {},
) {
  const port = await freePort();
  return startRoost({
    config: parseConfig({
      ...serverEnv,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...settings,
    }),
    logger: createLogger({ logLevel: 'silent' }),
  });
}
