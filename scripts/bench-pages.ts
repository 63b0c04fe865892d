// `npm run bench:pages -- [--listings 100000] [--database-url postgres://…] [--database-name NAME]
//   [--data-dir DIR] [--seconds 10] [--connections 10]`
//
// Server-rendered pages per second from the real server (as `npm start` composes it, without the
// signed-out search page cache), with autocannon: search pages (200 URLs of the search mix, in
// turn) and property pages (200 listings, in turn), each signed out and signed in. Targets
// (docs/performance.md): ≥ 200 search pages/s, ≥ 300 property pages/s, signed-in ≤ 20 % slower. Prints the
// figures last and exits non-zero below a target. autocannon runs in a child process, so the
// server's CPU time per page (this process's `process.cpuUsage()` over a run / pages served) is
// printed beside each figure: far less sensitive to a loaded machine than pages/s. Profile the
// server with `NODE_ENV=production node --cpu-prof --import tsx scripts/bench-pages.ts …`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { listingPath } from '../domain/listing/listing-url.ts';
import { parseConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { startRoost } from '../server/main.ts';
import { refreshSearchStatistics } from '../server/marketplace/search/refresh-search-statistics.ts';
import { createBuiltSiteUser } from '../tests/support/built-site-user.ts';
import { ensureBuild } from './ensure-build.ts';
import { loadFromChild } from './bench/load-from-child.ts';
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

const loadAtStart = os.loadavg().map((load) => +load.toFixed(2));
const WARM_UP_SECONDS = 3;
const TARGETS = { search: 200, property: 300, signedInSlowdown: 0.2 };

await ensureBuild();
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
    // Pages the server finished, and requests it is still working on: a run's CPU time is
    // counted until the server is idle again, against the pages it served in that time.
    let served = 0;
    let inFlight = 0;
    roost.server.on('request', (_request, response: http.ServerResponse) => {
      inFlight += 1;
      response.once('close', () => {
        inFlight -= 1;
        if (response.writableFinished) served += 1;
      });
    });
    const idle = async () => {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const run = async (paths: string[], cookie?: string) => {
      for (const path of paths.slice(0, 20)) {
        const response = await fetch(`${roost.url}${path}`, {
          headers: cookie ? { cookie } : {},
        });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        await response.arrayBuffer();
      }
      // A few seconds of the same load unmeasured, so the JIT has compiled the hot paths.
      await loadFromChild({ url: roost.url, paths, connections, seconds: WARM_UP_SECONDS, cookie });
      await idle();
      // The server runs in this process and the load comes from a child process, so this
      // process's CPU time is the server's cost of the pages it served.
      const cpuBefore = process.cpuUsage();
      const servedBefore = served;
      const result = await loadFromChild({ url: roost.url, paths, connections, seconds, cookie });
      await idle();
      const cpu = process.cpuUsage(cpuBefore);
      const pages = Math.max(served - servedBefore, 1);
      return {
        ...result,
        cpuMsPerPage: +((cpu.user + cpu.system) / 1000 / pages).toFixed(2),
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
          loadAverage: { start: loadAtStart, end: os.loadavg().map((load) => +load.toFixed(2)) },
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
      // CPU per page varies far less with the machine's load than pages/s: 1000 / ms is what
      // one core given wholly to the server would serve.
      const perCore = Math.round(1000 / figure.cpuMsPerPage);
      lines.push(
        `${name}: ${figure.perSecond} pages/s (target ≥ ${Math.round(target)}) ${met ? 'met' : 'MISSED'}; ` +
          `server CPU ${figure.cpuMsPerPage} ms per page (${perCore} pages/s per core)`,
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
    // Requests the load generator gave up on at the end may still be in their loaders.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await roost.stop();
  }
} finally {
  await cleanup();
}
process.exit(exitCode);
