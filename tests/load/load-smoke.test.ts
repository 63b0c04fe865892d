import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prepareLoadWorld,
  runLoad,
  TRAFFIC_SHARES,
  type LoadWorld,
} from '../../scripts/bench/load-traffic.ts';
import { startBuiltRoost } from '../support/roost-process.ts';

/**
 * The smoke version of `npm run bench:load` — the same mixed traffic (search and
 * property pages, API reads, sign-ins, favourites, enquiries, image variants) at a fixed rate
 * against the built server, for LOAD_SECONDS (default 12; the server's start takes most of the rest of ~30 s). No timing assertions (figures belong
 * to the bench): every request must be answered, with no error status.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 12);
const RATE = Number(process.env.LOAD_RATE ?? 50);

let world: LoadWorld;
let stop: () => Promise<void>;
let serverOutput: () => string = () => '';

/** The server's warnings and errors (pino levels 40 and up), to read beside a failure. */
function serverProblems(): string {
  const lines = serverOutput()
    .split('\n')
    .filter((line) => /"level":(4|5|6)\d/.test(line));
  return `server warnings and errors:\n${lines.slice(-20).join('\n') || '(none)'}`;
}

beforeAll(async () => {
  const started = await startBuiltRoost('load-smoke', { TRUST_PROXY: 'loopback' });
  stop = started.stop;
  serverOutput = started.roost.output;
  world = await prepareLoadWorld(started.roost.url, started.dataDir, { users: 2 });
}, 120_000);

afterAll(async () => {
  await stop?.();
}, 60_000);

describe('mixed traffic at a fixed rate', () => {
  it(`answers ${RATE} req/s for ${SECONDS} s with no errors and no 5xx`, async () => {
    expect(world.imageKeys.length).toBeGreaterThan(0);
    const stats = await runLoad(world, { rate: RATE, seconds: SECONDS });
    expect(stats.requests).toBe(RATE * SECONDS);
    // Every kind of traffic was sent.
    expect([...stats.byKind.keys()].sort()).toEqual(Object.keys(TRAFFIC_SHARES).sort());
    expect(stats.errors.slice(0, 20), serverProblems()).toEqual([]);
    expect(
      [...stats.byStatus.keys()].filter((status) => status >= 500),
      serverProblems(),
    ).toEqual([]);
  }, 120_000);
});
