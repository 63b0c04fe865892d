// `npm run bench:schools [-- --schools N] [-- --postgres URL]`: stores N made-up schools
// (default 25,000, about England's open schools) in a new PGlite data directory (or a scratch
// database on the PostgreSQL server at URL), then times 'Schools nearby' for homes around
// England — the nearest three open primaries and three secondaries — against the floor: the
// same number of plain primary-key lookups. Ratio: nearby ÷ floor (docs/data.md).
// `--without-index` drops the nearby query's two partial indexes first, to show what they buy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { GiasSchool } from '../domain/schools/gias-record.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { findNearestSchools } from '../server/marketplace/schools/find-schools-nearby.ts';
import { upsertSchools } from '../server/marketplace/schools/import-gias.ts';
import { schools } from '../server/marketplace/schools/schema.ts';
import { SEED_PLACES } from '../server/marketplace/demo/uk-places.ts';
import { reportRatios } from './bench/ratio-table.ts';

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '25000' },
    homes: { type: 'string', default: '500' },
    postgres: { type: 'string' },
    /** Drops the two partial indexes first: what they buy. */
    'without-index': { type: 'boolean', default: false },
  },
});
const count = Number(values.schools);
const homes = Number(values.homes);
const BATCH = 2_000;
const towns = SEED_PLACES.filter((place) => place.country === 'England');

/** A repeatable stream of numbers in [0, 1). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Where schools are: six in ten around England's towns, the rest spread over the country. */
function place(next: () => number) {
  if (next() < 0.6) {
    const town = towns[Math.floor(next() * towns.length)]!;
    return { lat: town.lat + (next() - 0.5) * 0.2, lng: town.lng + (next() - 0.5) * 0.32 };
  }
  return { lat: 50.6 + next() * 4.3, lng: -4.5 + next() * 6.1 };
}

function schoolAt(i: number, next: () => number): GiasSchool {
  const kind = next();
  const isPrimary = kind < 0.7;
  const isSecondary = kind >= 0.7 && kind < 0.85;
  return {
    urn: 100_000 + i,
    name: `School ${i}`,
    type: 'Community school',
    status: kind < 0.95 ? 'Open' : 'Closed',
    isOpen: kind < 0.95,
    phase: isPrimary ? 'Primary' : isSecondary ? 'Secondary' : 'Not applicable',
    isPrimary,
    isSecondary,
    lowAge: isPrimary ? 4 : 11,
    highAge: isPrimary ? 11 : 16,
    street: '',
    town: '',
    postcode: '',
    localAuthority: '',
    ...place(next),
    ofstedRating: 'Good',
    ofstedInspectedOn: '2023-05-01',
  };
}

async function open(): Promise<{ database: DatabaseHandle; cleanUp: () => Promise<void> }> {
  if (values.postgres) {
    const name = `roost_bench_schools_${process.pid}`;
    const admin = await openDatabase({ kind: 'postgres', url: values.postgres });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      database,
      cleanUp: async () => {
        await database.close();
        await admin.db.execute(sql.raw(`drop database ${name}`));
        await admin.close();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-schools-'));
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dir, 'pg'),
    initialCluster: initialClusterFile(),
    thread: 'main',
  });
  return {
    database,
    cleanUp: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const { database, cleanUp } = await open();
try {
  await prepareDatabase(database);
  const { db } = database;
  const next = numbers(20_261_129);
  for (let start = 0; start < count; start += BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(count, start + BATCH); i += 1)
      batch.push({ ...schoolAt(i, next), source: 'gias' as const });
    await upsertSchools(db, batch);
  }
  if (values['without-index'])
    await db.execute(
      sql`drop index market.schools_open_primary_idx, market.schools_open_secondary_idx`,
    );
  await db.execute(sql`analyze ${schools}`);
  const points = Array.from({ length: homes }, () => place(next));
  const urns = points.map(() => 100_000 + Math.floor(next() * count));

  // Warm both paths once, then time each home's two queries, in turn.
  await findNearestSchools(db, points[0]!, 'primary');
  await db.select().from(schools).where(eq(schools.urn, urns[0]!));
  const nearby: number[] = [];
  const floor: number[] = [];
  for (const [i, point] of points.entries()) {
    let started = performance.now();
    await findNearestSchools(db, point, 'primary');
    await findNearestSchools(db, point, 'secondary');
    nearby.push(performance.now() - started);
    started = performance.now();
    await db.select().from(schools).where(eq(schools.urn, urns[i]!));
    await db
      .select()
      .from(schools)
      .where(eq(schools.urn, urns[(i + 1) % homes]!));
    floor.push(performance.now() - started);
  }
  const engine = `${values.postgres ? 'PostgreSQL' : 'PGlite'}${values['without-index'] ? ' (no index)' : ''}`;
  process.stdout.write(
    `${engine}, ${count.toLocaleString('en-GB')} schools, ${homes} homes: nearby median ${median(nearby).toFixed(2)} ms; two primary-key lookups median ${median(floor).toFixed(2)} ms\n`,
  );
  reportRatios([
    {
      bench: 'bench:schools',
      measure: `Schools nearby (3 primary + 3 secondary) among ${count.toLocaleString('en-GB')} schools, ${engine}, median`,
      figure: { value: median(nearby), unit: 'ms' },
      floor: { name: 'two primary-key lookups of one school', value: median(floor), unit: 'ms' },
      target: { atMost: 10 },
    },
  ]);
} finally {
  await cleanUp();
}
