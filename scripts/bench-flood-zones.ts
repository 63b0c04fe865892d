// `npm run bench:flood-zones [-- --polygons N --lookups M]`: stores N synthetic flood zone
// polygons (default 50,000, 24 vertices each, some with a hole) spread over England in a new
// PGlite data directory, then times M look-ups (default 300) of the flood zone at random points
// twice in the same run: as the site runs them (the GiST index on the bounding boxes first), and
// with index scans turned off, so every polygon's box is read. Ratio: indexed ÷ unindexed
// (docs/data.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import type { Ring } from '../domain/flood-risk/flood-zone-feature.ts';
import { floodRiskAt, type FloodRiskAt } from '../server/marketplace/flood-risk/find-flood-risk.ts';
import {
  insertFloodZonePolygons,
  type FloodZonePolygon,
} from '../server/marketplace/flood-risk/import-flood-zones.ts';
import { reportRatios } from './bench/ratio-table.ts';

const { values } = parseArgs({
  options: {
    polygons: { type: 'string', default: '50000' },
    lookups: { type: 'string', default: '300' },
  },
});
const count = Number(values.polygons);
const lookups = Number(values.lookups);
const BATCH = 1_000;
const VERTICES = 24;

/** A small deterministic PRNG (mulberry32), so every run measures the same polygons. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(27700);
const inEngland = () => ({ lng: -5.5 + next() * 7.2, lat: 50.1 + next() * 5.6 });

/** A ragged ring around a centre, radius 50 m to 1.5 km, like a stretch of flood plain. */
function ring(lng: number, lat: number, radius: number): Ring {
  const points: Ring = [];
  for (let i = 0; i < VERTICES; i += 1) {
    const angle = (2 * Math.PI * i) / VERTICES;
    const r = radius * (0.6 + 0.4 * next());
    points.push([
      lng + (r * 1.6 * Math.cos(angle)) / 111_000,
      lat + (r * Math.sin(angle)) / 111_000,
    ]);
  }
  return [...points, points[0]!];
}

function polygonAt(i: number): FloodZonePolygon {
  const { lng, lat } = inEngland();
  const radius = 50 + next() * 1_450;
  const rings = [ring(lng, lat, radius)];
  if (i % 10 === 0) rings.push(ring(lng, lat, radius / 5));
  return {
    source: 'environment-agency',
    zone: i % 3 === 0 ? 3 : 2,
    featureId: String(i),
    floodSource: null,
    origin: null,
    rings,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-flood-zones-'));
const database = await openDatabase({
  kind: 'pglite',
  dataDir: path.join(dir, 'pg'),
  initialCluster: initialClusterFile(),
  thread: 'main',
});
try {
  await prepareDatabase(database);
  const { db } = database;
  for (let start = 0; start < count; start += BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(count, start + BATCH); i += 1) batch.push(polygonAt(i));
    await insertFloodZonePolygons(db, batch);
  }
  await db.execute(sql`analyze market.flood_zones`);
  process.stdout.write(`${count.toLocaleString('en-GB')} polygons stored\n`);
  const points = Array.from({ length: lookups }, inEngland);
  const timed = async (
    lookUp: (place: { lat: number; lng: number }) => Promise<FloodRiskAt | undefined>,
  ) => {
    const answers = [];
    const started = performance.now();
    for (const point of points) answers.push((await lookUp(point))?.zone);
    return { ms: (performance.now() - started) / lookups, answers };
  };
  await timed((point) => floodRiskAt(db, point)); // warm the cache for both runs alike
  const indexed = await timed((point) => floodRiskAt(db, point));
  const unindexed = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return timed((point) => floodRiskAt(tx, point));
  });
  if (indexed.answers.join() !== unindexed.answers.join())
    throw new Error('The indexed and unindexed look-ups disagree');
  const inZones = indexed.answers.filter((zone) => zone !== 1).length;
  process.stdout.write(
    `${lookups} look-ups (${inZones} in a zone): indexed ${indexed.ms.toFixed(2)} ms each; unindexed ${unindexed.ms.toFixed(2)} ms each\n`,
  );
  reportRatios([
    {
      bench: 'bench:flood-zones',
      measure: `flood zone at a point among ${count.toLocaleString('en-GB')} polygons, per look-up`,
      figure: { value: indexed.ms, unit: 'ms' },
      floor: { name: 'the same look-ups with index scans off', value: unindexed.ms, unit: 'ms' },
      target: { atMost: 0.1 },
    },
  ]);
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
