// `npm run bench:pages -- [--listings 100000] [--database-url postgres://…] [--database-name NAME]
//   [--data-dir DIR] [--seconds 10] [--connections 10] [--only search,property,…] [--cpu-prof DIR]`
//
// Server-rendered pages from the real server (as `npm start` composes it, without the signed-out
// search page cache), with autocannon in a child process: search pages (200 URLs of the search
// mix, in turn) and property pages (200 listings, in turn), each signed out and signed in. The
// server runs in this process, so this process's CPU time over a run ÷ pages served is the
// server's CPU per page. Ratios (scripts/bench/ratio-table.ts): that ÷ the same pages rendered
// by the app's React Router handler and React with the same loader data, no HTTP and no database
// (scripts/bench/render-floor.ts), ≤ 1.5 for search and property pages; signed-in ÷ signed-out
// CPU per page ≤ 1.2. Pages/s are for reference. `--cpu-prof DIR` writes a CPU profile of each
// measured run (DIR/<run>.cpuprofile); with PGlite its database thread's work is not in it.
import type http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { listingPath } from '../domain/listing/listing-url.ts';
import { refreshSearchStatistics } from '../server/marketplace/search/refresh-search-statistics.ts';
import { createBuiltSiteUser } from '../tests/support/built-site-user.ts';
import { ensureBuild } from './ensure-build.ts';
import { startBenchServer } from './bench/bench-server.ts';
import { loadFromChild } from './bench/load-from-child.ts';
import { profiled } from './bench/measured-profile.ts';
import { reportRatios, type RatioRow } from './bench/ratio-table.ts';
import { renderFloor } from './bench/render-floor.ts';
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
    'cpu-prof': { type: 'string' },
  },
});
const total = Number(values.listings);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const loadAtStart = os.loadavg().map((load) => +load.toFixed(2));
const WARM_UP_SECONDS = 3;

await ensureBuild();
const { handle, engine, serverEnv, cleanup } = await freshDatabase({
  databaseUrl: values['database-url'],
  dataDir: values['data-dir'],
  databaseName: values['database-name'],
  connections,
});
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

  const roost = await startBenchServer(serverEnv, { SEARCH_PAGE_CACHE_SECONDS: '0' });
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
    const run = async (name: string, paths: string[], cookie?: string) => {
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
      const result = await profiled(values['cpu-prof'], name, async () => {
        const load = await loadFromChild({ url: roost.url, paths, connections, seconds, cookie });
        await idle();
        return load;
      });
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
      runs[name] = await run(name, [...paths], cookie);
      if (runs[name].non2xx || runs[name].errors) process.exitCode = 1;
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
    const floor = await renderFloor();
    const rows: RatioRow[] = [];
    for (const [name, paths, cookie] of [
      ['search', searches, undefined],
      ['search-signed-in', searches, user.cookie],
      ['property', properties, undefined],
      ['property-signed-in', properties, user.cookie],
    ] as const) {
      const figure = runs[name];
      if (!figure) continue;
      process.stderr.write(`Rendering ${name} pages from recorded loader data…\n`);
      const sample = paths.slice(0, 50);
      await floor.record(roost.url, sample, cookie);
      const floorMs = await floor.cpuMsPerPage(roost.url, sample, cookie);
      const signedIn = name.endsWith('-signed-in');
      rows.push({
        bench: 'bench:pages',
        measure: `${name} page: server CPU`,
        figure: { value: figure.cpuMsPerPage, unit: 'ms' },
        floor: { name: 'React render, same loader data', value: floorMs, unit: 'ms' },
        ...(signedIn ? {} : { target: { atMost: 1.5 } }),
      });
      const signedOut = runs[name.replace('-signed-in', '')];
      if (signedIn && signedOut) {
        rows.push({
          bench: 'bench:pages',
          measure: `${name} page: server CPU`,
          figure: { value: figure.cpuMsPerPage, unit: 'ms' },
          floor: { name: 'the same signed out', value: signedOut.cpuMsPerPage, unit: 'ms' },
          target: { atMost: 1.2 },
        });
      }
      rows.push({
        bench: 'bench:pages',
        measure: `${name} pages/s (reference)`,
        figure: { value: figure.perSecond, unit: '/s' },
      });
    }
    reportRatios(rows);
  } finally {
    // Requests the load generator gave up on at the end may still be in their loaders.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await roost.stop();
  }
} finally {
  await cleanup();
}
process.exit();
