// `npm run bench:search -- --listings 100000 [--database-url postgres://…] [--seconds 20]`
//
// Seeds N synthetic but realistic UK listings into a fresh database, runs the committed mix of
// 1,000 searches (place + radius, filters, keywords, sorts, deep pages) straight against the
// search use case, then measures server-rendered search pages over HTTP with autocannon.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { SEED_PLACES } from '../db/seed/uk-places.ts';
import { parseConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { startRoost } from '../server/main.ts';
import { createMarketplace } from '../server/marketplace/marketplace.ts';
import { refreshSearchStatistics } from '../server/marketplace/search/refresh-search-statistics.ts';
import { ensureBuild } from './ensure-build.ts';
import { searchMix, type MixItem } from './bench/search-mix.ts';

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
  },
});
const featuredShare = Number(values['featured-share']);
if (!(featuredShare >= 0 && featuredShare <= 1)) throw new Error('--featured-share takes 0 to 1');
const total = Number(values.listings);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

interface BenchDatabase {
  handle: DatabaseHandle;
  engine: string;
  /** Environment that points a Roost server at this database. */
  serverEnv: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function freshDatabase(): Promise<BenchDatabase> {
  const serverUrl = values['database-url'];
  if (!serverUrl) {
    const keep = values['data-dir'];
    const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pg') });
    const cleanup = async () => {
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    };
    return { handle, engine: 'PGlite', serverEnv: { DATA_DIR: dir }, cleanup };
  }
  const keep = values['database-name'];
  // Likewise the identity service's signing keys (its configuration is read from the process).
  process.env.IDENTITY_SECRET ??= 'roost-bench-only-identity-secret-not-for-production';
  if (keep !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(keep)) {
    throw new Error('--database-name takes a lower-case PostgreSQL identifier');
  }
  const name = keep ?? `roost_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: connections + 2,
  });
  const [version] = rowsOf<{ server_version: string }>(
    await handle.db.execute(sql`show server_version`),
  );
  return {
    handle,
    engine: `PostgreSQL ${version?.server_version}`,
    serverEnv: {
      DATABASE_URL: url.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-')),
      // A kept database holds secrets sealed with this: the same on every run.
      APP_SECRET: 'roost-bench-only-secret-not-for-production-use',
    },
    cleanup: async () => {
      if (keep) return;
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Synthetic listings generated inside the database: fast, deterministic, UK-shaped. */
async function seedSynthetic(handle: DatabaseHandle, count: number) {
  const placesJson = JSON.stringify(
    SEED_PLACES.map((place) => ({
      town: place.town,
      country: place.country,
      lat: place.lat,
      lng: place.lng,
      outcode: place.outcodes[0],
      sale: place.typicalSalePrice,
      rent: place.typicalRentPcm,
    })),
  );
  await handle.db.execute(sql`select setseed(0.42)`);
  const batch = 50_000;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await handle.db.execute(sql`
      with places as (
        select row_number() over () - 1 as idx, p.*
        from json_to_recordset(${placesJson}::json)
          as p(town text, country text, lat float8, lng float8, outcode text, sale int, rent int)
      ), n as (
        select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
        from generate_series(1, ${size}) g
      )
      insert into market.listings (owner_sub, channel, status, property_type, title, description,
        key_features, price, price_qualifier, rent_period, bedrooms, bathrooms, receptions,
        floor_area_sq_ft, address_line1, town, country, postcode, outcode, lat, lng, published_at,
        status_changed_at)
      select 'bench',
        case when n.r1 < 0.6 then 'sale' else 'rent' end::market.listing_channel,
        case when n.r2 < 0.88 then 'active' when n.r1 < 0.6 then 'under_offer' else 'let_agreed' end::market.listing_status,
        (array['flat','terraced','semi_detached','detached','bungalow','end_of_terrace','maisonette','cottage'])[1 + floor(n.r3 * 8)::int]::market.property_type,
        (1 + floor(n.r4 * 5)::int) || ' bedroom home ' || case when n.r1 < 0.6 then 'for sale' else 'to rent' end,
        (array['A bright home with a large garden and off-street parking.',
               'Period features throughout, close to the station and good schools.',
               'Modern flat with a balcony, lift access and a secure entry phone.',
               'Chain free with a garage, conservatory and south-facing garden.',
               'Recently refurbished kitchen and bathroom, walking distance to shops.'])[1 + floor(n.r5 * 5)::int],
        array['Gas central heating', (array['Garden','Parking','Garage','Balcony'])[1 + floor(n.r2 * 4)::int]],
        case when n.r1 < 0.6 then (p.sale * (0.5 + n.r4 * 1.2))::int / 1000 * 1000
             else (p.rent * (0.6 + n.r4 * 0.9))::int / 25 * 25 end,
        case when n.r1 < 0.6 then 'guide_price' end::market.price_qualifier,
        case when n.r1 >= 0.6 then 'month' end::market.rent_period,
        1 + floor(n.r4 * 5)::int, 1 + floor(n.r3 * 2)::int, 1,
        case when n.r5 < 0.8 then 400 + floor(n.r4 * 1800)::int end,
        (1 + floor(n.r3 * 200)::int) || ' High Street', p.town, p.country,
        p.outcode || ' 1AB', p.outcode,
        p.lat + (n.r2 - 0.5) * 0.25, p.lng + (n.r3 - 0.5) * 0.4,
        now() - (n.r5 * interval '120 days'), now()
      from n join places p on p.idx = (n.g + ${start}) % ${SEED_PLACES.length}`);
    process.stderr.write(
      `  seeded ${Math.min(start + size, count).toLocaleString('en-GB')} listings\n`,
    );
  }
}

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

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Server-rendered search pages per second from the real server (as `npm start` composes it). */
async function measureHttp(mix: ReturnType<typeof searchMix>, pageCacheSeconds: number) {
  ensureBuild();
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
      SEARCH_PAGE_CACHE_SECONDS: String(pageCacheSeconds),
    }),
    logger: createLogger({ logLevel: 'silent' }),
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
const { handle, engine, serverEnv, cleanup } = await freshDatabase();
try {
  process.stderr.write(`Migrating a fresh ${engine} database…\n`);
  await migrateDatabase(handle);
  const [existing] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from market.listings`),
  );
  if (existing?.n !== total) {
    process.stderr.write(`Seeding ${total.toLocaleString('en-GB')} listings…\n`);
    await handle.db.execute(sql`truncate market.listings cascade`);
    await seedSynthetic(handle, total);
  }
  await featureListings(handle, featuredShare);
  await refreshSearchStatistics(handle.db);
  const marketplace = createMarketplace({ db: handle.db });

  const mix = searchMix();
  // As the results pages run it: with the Featured homes pinned.
  const run = (item: MixItem) => marketplace.search.run({ ...item, featuredAt: new Date() });
  for (const item of mix.slice(0, 50)) await run(item); // warm caches
  const measured: { item: MixItem; ms: number }[] = [];
  for (const item of mix) {
    const t0 = performance.now();
    await run(item);
    measured.push({ item, ms: performance.now() - t0 });
  }
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
    engine,
    listings: total,
    featuredShare,
    searches: mix.length,
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
} finally {
  await handle.close();
  await cleanup();
}
process.exit(0);
