// `npm run bench:search -- --listings 100000 [--database-url postgres://…] [--seconds 20]`
//
// Seeds N synthetic but realistic UK listings into a fresh database, runs the committed mix of
// 1,000 searches (place + radius, filters, keywords, sorts, deep pages) straight against the
// search use case, then measures server-rendered search pages over HTTP with autocannon.
// Ratios (scripts/bench/ratio-table.ts): p95 of the use case ÷ p95 of the same searches' SQL,
// recorded as the use case sent it and replayed straight through the driver with the same
// overlap, each search right after its use case run (≤ 1.3); on PostgreSQL the p95 is also
// reported beside `pgbench -S` (a SELECT by primary key) on the same server, or without pgbench
// the same kind of SELECT through the driver. Latencies and pages/s are for reference.
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import { parseConfig } from '../server/config.ts';
import { createMarketplace } from '../server/marketplace/marketplace.ts';
import { refreshSearchStatistics } from '../server/marketplace/search/refresh-search-statistics.ts';
import { ensureBuild } from './ensure-build.ts';
import { startBenchServer } from './bench/bench-server.ts';
import { percentile, reportRatios, type RatioRow } from './bench/ratio-table.ts';
import { searchMix, type MixItem } from './bench/search-mix.ts';
import { pgbenchSelectP95, primaryKeySelectP95, statementRecorder } from './bench/sql-floor.ts';
import { freshDatabase, preparedDatabase } from './bench/synthetic-database.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    /** Keep (or reuse) the PGlite data here instead of a throwaway directory. */
    'data-dir': { type: 'string' },
    /** Keep (or reuse) this PostgreSQL database instead of a throwaway one. */
    'database-name': { type: 'string' },
    /** Print the slowest searches of the mix. */
    explain: { type: 'boolean', default: false },
    /** Measure the search mix only, without the HTTP run. */
    'queries-only': { type: 'boolean', default: false },
    /** Share of listings with a running Featured upgrade (paid placements; 0 for none). */
    'featured-share': { type: 'string', default: '0.05' },
    /**
     * Run the mix this many times and keep each search's quickest time: on a machine shared with
     * other work, the minimum is the closest to what the search itself costs.
     */
    repeat: { type: 'string', default: '1' },
    /** Only these kinds of the mix (comma-separated: place, filters, keywords, district, browse). */
    kinds: { type: 'string' },
  },
});
const featuredShare = Number(values['featured-share']);
if (!(featuredShare >= 0 && featuredShare <= 1)) throw new Error('--featured-share takes 0 to 1');
const total = Number(values.listings);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/**
 * Gives `share` of the listings (spread evenly by id) a running Featured upgrade, as paid
 * checkouts would (one bench order holds them all), replacing any from an earlier run, so a
 * kept database can be measured at several shares.
 */
async function featureListings(handle: DatabaseHandle, share: number) {
  await handle.db.execute(sql`delete from market.upgrades`);
  await handle.db.execute(sql`delete from market.orders where buyer_sub = 'bench'`);
  if (share > 0) {
    const [order] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`
        insert into market.orders (buyer_sub, listing_title, product_code, product_name,
          entitlements, price_pence, amount_pence, idempotency_key, start_immediately,
          immediate_start_acknowledged_at, immediate_start_wording)
        values ('bench', 'bench', 'featured_28', 'Featured, 28 days',
          '[{"kind":"featured","days":28}]'::jsonb, 2999, 2999, 'bench', true, now(), 'bench')
        returning id`),
    );
    await handle.db.execute(sql`
      insert into market.upgrades (order_id, listing_id, kind, days, starts_at, ends_at)
      select ${order!.id}, id, 'featured', 28, now() - interval '1 day', now() + interval '27 days'
      from market.listings where mod(id * 7919, 10000) < ${Math.round(share * 10000)}`);
  }
  await handle.db.execute(sql`analyze market.upgrades`);
  const [featured] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from market.upgrades`),
  );
  process.stderr.write(`  ${featured?.n ?? 0} listings featured\n`);
}

/** Raw `execute` results differ by driver in type only; both carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** 2,000 listing ids spread over the table, for the primary-key floor. */
function pkSample(count: number) {
  return Array.from({ length: 2000 }, (_, index) => 1 + ((index * 7919) % count));
}

/** Server-rendered search pages per second from the real server (as `npm start` composes it). */
async function measureHttp(mix: ReturnType<typeof searchMix>, pageCacheSeconds: number) {
  await ensureBuild();
  const roost = await startBenchServer(serverEnv, {
    SEARCH_PAGE_CACHE_SECONDS: String(pageCacheSeconds),
  });
  const pages = mix
    .filter((item) => item.channel === 'sale')
    .slice(0, 200)
    .map((item) => `/search/for-sale/${item.placeSlug ?? ''}?${item.params.toString()}`);
  let next = 0;
  const result = await autocannon({
    url: roost.url,
    connections,
    duration: seconds,
    requests: [
      { setupRequest: (request) => ({ ...request, path: pages[next++ % pages.length]! }) },
    ],
  });
  await roost.stop();

  return {
    connections,
    seconds,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const started = Date.now();
const { handle, engine, serverEnv, cleanup } = await freshDatabase({
  databaseUrl: values['database-url'],
  dataDir: values['data-dir'],
  databaseName: values['database-name'],
  connections,
});
try {
  process.stderr.write(`Migrating a fresh ${engine} database…\n`);
  await preparedDatabase(handle, total);
  await featureListings(handle, featuredShare);
  await refreshSearchStatistics(handle.db);
  const marketplace = createMarketplace({ db: handle.db });

  const kinds = values.kinds?.split(',');
  const mix = searchMix().filter((item) => !kinds || kinds.includes(item.kind));
  // As the results pages run it: with the Featured homes pinned.
  const run = (item: MixItem) => marketplace.search.run({ ...item, featuredAt: new Date() });
  for (const item of mix.slice(0, 50)) await run(item); // warm caches
  const recorder = statementRecorder(handle.db);
  const measured = mix.map((item) => ({ item, ms: Infinity, driverMs: Infinity }));
  const loadAtStart = os.loadavg();
  for (let round = 0; round < Number(values.repeat); round += 1) {
    for (const entry of measured) {
      const t0 = performance.now();
      const statements = await recorder.record(() => run(entry.item));
      entry.ms = Math.min(entry.ms, performance.now() - t0);
      const t1 = performance.now();
      await recorder.replay(statements);
      entry.driverMs = Math.min(entry.driverMs, performance.now() - t1);
    }
  }
  const driverTimings = measured.map((entry) => entry.driverMs).sort((a, b) => a - b);
  const selectFloor = values['database-url']
    ? ((await pgbenchSelectP95(values['database-url'], 10)) ?? {
        byDriver: await primaryKeySelectP95(handle.db, pkSample(total)),
      })
    : undefined;
  const timings = measured.map((entry) => entry.ms).sort((a, b) => a - b);
  if (values.explain) {
    for (const { item, ms } of measured
      .sort((a, b) => b.ms - a.ms)
      .slice(0, Number(process.env.BENCH_SLOWEST ?? 8))) {
      process.stderr.write(
        `${ms.toFixed(1)} ms  ${item.channel} ${item.placeSlug ?? '-'} ${item.params}\n`,
      );
    }
  }

  await handle.close();
  // Every page rendered afresh, then with the signed-out page cache as `npm start` runs it.
  const httpFigures = values['queries-only']
    ? null
    : {
        uncached: await measureHttp(mix, 0),
        withPageCache: await measureHttp(mix, parseConfig({}).searchPageCacheSeconds),
      };
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    loadAverage: {
      start: loadAtStart.map((load) => +load.toFixed(1)),
      end: os.loadavg().map((load) => +load.toFixed(1)),
    },
    engine,
    listings: total,
    featuredShare,
    searches: mix.length,
    repeat: Number(values.repeat),
    queryLatencyMs: {
      p50: +percentile(timings, 50).toFixed(2),
      p95: +percentile(timings, 95).toFixed(2),
      p99: +percentile(timings, 99).toFixed(2),
      max: +timings.at(-1)!.toFixed(2),
    },
    // The same by kind of search, to show where the time goes.
    byKind: Object.fromEntries(
      [...new Set(measured.map(({ item }) => item.kind))].map((kind) => {
        const ms = measured
          .filter(({ item }) => item.kind === kind)
          .map((entry) => entry.ms)
          .sort((a, b) => a - b);
        return [
          kind,
          {
            searches: ms.length,
            p50: +percentile(ms, 50).toFixed(2),
            p95: +percentile(ms, 95).toFixed(2),
          },
        ];
      }),
    ),
    http: httpFigures,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  const { p95 } = report.queryLatencyMs;
  const rows: RatioRow[] = [
    {
      bench: 'bench:search',
      measure: `search use case p95, ${engine.split(' (')[0]}, ${total.toLocaleString('en-GB')} listings`,
      figure: { value: p95, unit: 'ms' },
      floor: {
        name: 'the same SQL through the driver, p95',
        value: percentile(driverTimings, 95),
        unit: 'ms',
      },
      target: { atMost: 1.3 },
    },
  ];
  if (selectFloor !== undefined) {
    rows.push({
      bench: 'bench:search',
      measure: `search use case p95, ${engine.split(' (')[0]} (reference)`,
      figure: { value: p95, unit: 'ms' },
      floor:
        typeof selectFloor === 'number'
          ? { name: 'pgbench -S p95', value: selectFloor, unit: 'ms' }
          : {
              name: 'SELECT by primary key via driver, p95 (no pgbench)',
              value: selectFloor.byDriver,
              unit: 'ms',
            },
    });
  }
  reportRatios(rows);
} finally {
  await handle.close();
  await cleanup();
}
process.exit();
