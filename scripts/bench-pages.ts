// `npm run bench:pages -- [--listings 100000] [--database-url postgres://…] [--database-name NAME]
//   [--data-dir DIR] [--seconds 10] [--connections 10]`
//
// Server-rendered pages per second from the real server (as `npm start` composes it, without the
// signed-out search page cache), with autocannon: search pages (200 URLs of the search mix, in
// turn) and property pages (200 listings, in turn), each signed out and signed in. Targets
// (issue 14): ≥ 200 search pages/s, ≥ 300 property pages/s, signed-in ≤ 20 % slower. Prints the
// figures last and exits non-zero below a target. Profile the server with
// `NODE_ENV=production node --cpu-prof --import tsx scripts/bench-pages.ts …`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { listingPath } from '../domain/listing/listing-url.ts';
import { parseConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { startRoost } from '../server/main.ts';
import { refreshSearchStatistics } from '../server/marketplace/search/refresh-search-statistics.ts';
import { createBuiltSiteUser } from '../tests/support/built-site-user.ts';
import { ensureBuild } from './ensure-build.ts';
import { searchMix } from './bench/search-mix.ts';
import { freshDatabase, preparedDatabase, rowsOf } from './bench/synthetic-database.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'database-name': { type: 'string' },
    'data-dir': { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    /** Only these runs (comma-separated: search, search-signed-in, property, property-signed-in). */
    only: { type: 'string' },
  },
});
const total = Number(values.listings);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const TARGETS = { search: 200, property: 300, signedInSlowdown: 0.2 };

ensureBuild();
const { handle, engine, serverEnv, cleanup } = await freshDatabase({
  databaseUrl: values['database-url'],
  dataDir: values['data-dir'],
  databaseName: values['database-name'],
  connections,
});
let exitCode = 0;
try {
  process.stderr.write(`Preparing ${engine}…\n`);
  await preparedDatabase(handle, total);
  await refreshSearchStatistics(handle.db);
  const properties = rowsOf<{
    id: number;
    bedrooms: number;
    property_type: string;
    channel: 'sale' | 'rent';
    town: string;
  }>(
    await handle.db.execute(sql`
      select id::int as id, bedrooms, property_type, channel, town from market.listings
      where status = 'active' order by id limit 200`),
  ).map((row) => listingPath({ ...row, propertyType: row.property_type }));
  await handle.close();

  const searches = searchMix()
    .filter((item) => item.channel === 'sale')
    .slice(0, 200)
    .map((item) => `/search/for-sale/${item.placeSlug ?? ''}?${item.params.toString()}`);

  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const roost = await startRoost({
    config: parseConfig({
      ...serverEnv,
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      SEARCH_PAGE_CACHE_SECONDS: '0',
    }),
    logger: createLogger({ logLevel: 'silent' }),
  });
  try {
    const user = await createBuiltSiteUser(
      roost.url,
      serverEnv.DATA_DIR!,
      `bench-pages-${Date.now()}@roost.test`,
    );
    const run = async (paths: string[], cookie?: string) => {
      let next = 0;
      // A short warm-up, then the measured run.
      for (const path of paths.slice(0, 20)) {
        const response = await fetch(`${roost.url}${path}`, {
          headers: cookie ? { cookie } : {},
        });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        await response.arrayBuffer();
      }
      const result = await autocannon({
        url: roost.url,
        connections,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) },
        requests: [
          { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
        ],
      });
      return {
        perSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    };
    const wanted = values.only?.split(',');
    const runs: Record<string, Awaited<ReturnType<typeof run>>> = {};
    for (const [name, paths, cookie] of [
      ['search', searches, undefined],
      ['search-signed-in', searches, user.cookie],
      ['property', properties, undefined],
      ['property-signed-in', properties, user.cookie],
    ] as const) {
      if (wanted && !wanted.includes(name)) continue;
      process.stderr.write(`Measuring ${name} pages for ${seconds} s…\n`);
      runs[name] = await run([...paths], cookie);
      if (runs[name].non2xx || runs[name].errors) exitCode = 1;
    }
    process.stdout.write(
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
          loadAverage: os.loadavg().map((load) => +load.toFixed(2)),
          engine,
          listings: total,
          connections,
          seconds,
          runs,
        },
        null,
        2,
      )}\n`,
    );
    const lines: string[] = [];
    const check = (name: string, target: number) => {
      const figure = runs[name];
      if (!figure) return;
      const met = figure.perSecond >= target;
      if (!met) exitCode = 1;
      lines.push(
        `${name}: ${figure.perSecond} pages/s (target ≥ ${target}) ${met ? 'met' : 'MISSED'}`,
      );
    };
    check('search', TARGETS.search);
    check(
      'search-signed-in',
      runs.search ? runs.search.perSecond * (1 - TARGETS.signedInSlowdown) : 0,
    );
    check('property', TARGETS.property);
    check(
      'property-signed-in',
      runs.property ? runs.property.perSecond * (1 - TARGETS.signedInSlowdown) : 0,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await roost.stop();
  }
} finally {
  await cleanup();
}
process.exit(exitCode);
