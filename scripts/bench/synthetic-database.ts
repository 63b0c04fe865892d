// A fresh (or kept) database for the benchmarks, seeded with synthetic but realistic UK listings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { prepareDatabase } from '../../server/prepare-database.ts';
import { SHARED_TEST_SETTINGS } from '../../tests/support/shared-settings.ts';
import { SEED_PLACES } from '../../server/marketplace/demo/uk-places.ts';

export interface BenchDatabaseOptions {
  /** A PostgreSQL server; PGlite when absent. */
  databaseUrl?: string;
  /** Keep (or reuse) the PGlite data here instead of a throwaway directory. */
  dataDir?: string;
  /** Keep (or reuse) this PostgreSQL database instead of a throwaway one. */
  databaseName?: string;
  connections: number;
}

export interface BenchDatabase {
  handle: DatabaseHandle;
  engine: string;
  /** Environment that points a Roost server at this database. */
  serverEnv: Record<string, string>;
  cleanup: () => Promise<void>;
}

export async function freshDatabase(options: BenchDatabaseOptions): Promise<BenchDatabase> {
  const serverUrl = options.databaseUrl;
  if (!serverUrl) {
    const keep = options.dataDir;
    const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pg') });
    const cleanup = async () => {
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    };
    return { handle, engine: 'PGlite', serverEnv: { DATA_DIR: dir }, cleanup };
  }
  const keep = options.databaseName;
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
    poolSize: options.connections + 2,
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
      // A kept database holds secrets sealed with these: the same on every run. The admin
      // credentials are the ones tests/support/built-site-user.ts signs with on PostgreSQL.
      ...SHARED_TEST_SETTINGS,
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
export async function seedSynthetic(handle: DatabaseHandle, count: number) {
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
  // Loading into an empty table and building its secondary indexes once afterwards is several
  // times faster than keeping ~20 indexes (a GIN and three GiSTs among them) current row by row.
  const secondary = rowsOf<{ name: string; definition: string }>(
    await handle.db.execute(sql`
      select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      join pg_class c on c.relname = i.indexname and c.relnamespace = 'market'::regnamespace
      join pg_index x on x.indexrelid = c.oid
      where i.schemaname = 'market' and i.tablename in ('listings', 'listing_search')
        and not x.indisunique and not x.indisprimary`),
  );
  for (const { name } of secondary) {
    await handle.db.execute(sql.raw(`drop index market."${name}"`));
  }
  try {
    await insertSynthetic(handle, count, placesJson);
  } finally {
    const t0 = Date.now();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const { definition } of secondary) await tx.execute(sql.raw(definition));
    });
    process.stderr.write(
      `  rebuilt ${secondary.length} indexes in ${Math.round((Date.now() - t0) / 1000)} s\n`,
    );
  }
}

/**
 * Inserts in batches of 50,000, as many at once as there are cores (PostgreSQL runs each batch's
 * triggers on its own connection; PGlite takes them in turn). Each batch seeds its own random
 * numbers, so the data is the same however the batches interleave.
 */
async function insertSynthetic(handle: DatabaseHandle, count: number, placesJson: string) {
  const batch = 50_000;
  const starts = Array.from({ length: Math.ceil(count / batch) }, (_, i) => i * batch);
  let inserted = 0;
  const worker = async () => {
    for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
      const size = Math.min(batch, count - start);
      await insertBatch(handle, start, size, placesJson);
      inserted += size;
      process.stderr.write(`  seeded ${inserted.toLocaleString('en-GB')} listings\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
}

async function insertBatch(
  handle: DatabaseHandle,
  start: number,
  size: number,
  placesJson: string,
) {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${(start / 1e9) % 1})`);
    await tx.execute(sql`
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
  });
}

/** Raw `execute` results differ by driver in type only; both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Migrates the database and seeds `total` listings unless it already holds exactly that many. */
export async function preparedDatabase(handle: DatabaseHandle, total: number) {
  await prepareDatabase(handle);
  const [existing] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from market.listings`),
  );
  if (existing?.n !== total) {
    process.stderr.write(`Seeding ${total.toLocaleString('en-GB')} listings…\n`);
    await handle.db.execute(sql`truncate market.listings cascade`);
    const seedStarted = Date.now();
    await seedSynthetic(handle, total);
    process.stderr.write(`Seeded in ${Math.round((Date.now() - seedStarted) / 1000)} s\n`);
  }
}
