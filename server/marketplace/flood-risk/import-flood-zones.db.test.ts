import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import {
  BRITISH_NATIONAL_GRID_PRJ,
  writeShapefile,
} from '../../../tests/support/write-shapefile.ts';
import { gridToLngLat } from '../../../domain/geo/british-national-grid.ts';
import { floodRiskAround, floodRiskAt, floodRiskForHome } from './find-flood-risk.ts';
import { importFloodZones, insertFloodZonePolygons } from './import-flood-zones.ts';
import { floodZones } from './schema.ts';

/**
 * The importer on exports of the Flood Map for Planning's flood zones layer in the publisher's
 * own form (fixtures/): a first release, then a whole new release that changes and drops zones.
 * Places are given as British National Grid metres, as the fixtures are drawn.
 */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const at = (easting: number, northing: number) => {
  const [lng, lat] = gridToLngLat(easting, northing);
  return { lat, lng };
};
const zoneAt = async (easting: number, northing: number) =>
  (await floodRiskAt(database.db, at(easting, northing)))?.zone;

// Inside zone 3 square A, but outside its hole; in the hole (still in the surrounding zone 2);
// square B (zone 3, dropped later); square C (zone 2, dropped); square D (zone 3 only later).
const PLACES = {
  inA: [460050, 451050],
  inHole: [460250, 451250],
  inB: [461100, 451100],
  inC: [463150, 451150],
  inD: [464100, 451100],
  far: [470000, 455000],
} as const;
const zonesEverywhere = async () =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(PLACES).map(async ([name, [e, n]]) => [name, await zoneAt(e, n)] as const),
    ),
  );

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const official = async () =>
  (
    await database.db
      .select({ value: count() })
      .from(floodZones)
      .where(eq(floodZones.source, 'environment-agency'))
  )[0]!.value;

describe('importing the flood zones', () => {
  it('knows nothing before any zones are loaded', async () => {
    expect(await floodRiskAt(database.db, at(...PLACES.inA))).toBeUndefined();
    expect(
      await floodRiskForHome(database.db, {
        ...at(...PLACES.inA),
        isApproximate: false,
        country: 'England',
      }),
    ).toEqual({ status: 'not-loaded' });
  });

  it('loads a release in British National Grid, splitting MultiPolygons, skipping what it cannot use', async () => {
    const progress: number[] = [];
    const summary = await importFloodZones(database.db, fixture('flood-zones-2025.geojson'), (p) =>
      progress.push(p.bytesRead / p.totalBytes),
    );
    expect(summary).toEqual({
      crs: 'british-national-grid',
      features: 5,
      polygons: 4,
      skipped: 2,
      problems: [
        { feature: 4, reason: 'flood_zone is null, not FZ2 or FZ3' },
        { feature: 5, reason: 'geometry is missing, not a Polygon or MultiPolygon' },
      ],
      replaced: 0,
    });
    expect(progress.at(-1)).toBe(1);
    expect(await zonesEverywhere()).toEqual({
      inA: 3,
      inHole: 2,
      inB: 3,
      inC: 2,
      inD: 1,
      far: 1,
    });
    expect(await floodRiskAt(database.db, at(...PLACES.inA))).toEqual({ zone: 3, isDemo: false });
  });

  it('replaces the whole set with a new release: changed, dropped and new zones', async () => {
    const summary = await importFloodZones(database.db, fixture('flood-zones-2026.geojson'));
    expect(summary).toMatchObject({ features: 3, polygons: 3, skipped: 0, replaced: 4 });
    expect(await official()).toBe(3);
    expect(await zonesEverywhere()).toEqual({
      inA: 3,
      inHole: 3,
      inB: 1,
      inC: 1,
      inD: 3,
      far: 1,
    });
  });

  it('changes nothing when the same release is loaded again', async () => {
    const before = await zonesEverywhere();
    const summary = await importFloodZones(database.db, fixture('flood-zones-2026.geojson'));
    expect(summary).toMatchObject({ polygons: 3, replaced: 3 });
    expect(await official()).toBe(3);
    expect(await zonesEverywhere()).toEqual(before);
  });

  it('keeps the previous release whole when a file breaks part way', async () => {
    const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flood-')), 'broken.geojson');
    const text = fs.readFileSync(fixture('flood-zones-2025.geojson'), 'utf8');
    fs.writeFileSync(broken, text.slice(0, text.indexOf('"OBJECTID": 3')));
    await expect(importFloodZones(database.db, broken)).rejects.toThrow();
    expect(await official()).toBe(3);
    expect(await zoneAt(...PLACES.inD)).toBe(3);
  });

  it('reads a WGS84 export without a crs member, and refuses positions that are not in England', async () => {
    const summary = await importFloodZones(database.db, fixture('flood-zones-wgs84.geojson'));
    expect(summary).toMatchObject({ crs: 'wgs84', features: 2, polygons: 1, skipped: 1 });
    expect(summary.problems[0]!.reason).toMatch(/outside England/);
    expect(await zoneAt(...PLACES.inA)).toBe(3);
    expect(await zoneAt(...PLACES.inHole)).toBe(1);
  });

  it('leaves the demo zones alone, and prefers an official zone to a demo one', async () => {
    const [e, n] = PLACES.inA;
    const ring = (w: number, s: number, east: number, north: number) =>
      [
        [w, s],
        [w, north],
        [east, north],
        [east, s],
        [w, s],
      ].map(([x, y]) => gridToLngLat(x!, y!));
    await insertFloodZonePolygons(database.db, [
      {
        source: 'demo',
        zone: 3,
        featureId: null,
        floodSource: null,
        origin: null,
        rings: [ring(e - 10, n - 10, e + 10, n + 10)],
      },
      {
        source: 'demo',
        zone: 2,
        featureId: null,
        floodSource: null,
        origin: null,
        rings: [ring(480000, 460000, 480100, 460100)],
      },
    ]);
    await importFloodZones(database.db, fixture('flood-zones-2026.geojson'));
    expect(await floodRiskAt(database.db, at(e, n))).toEqual({ zone: 3, isDemo: false });
    expect(await floodRiskAt(database.db, at(480050, 460050))).toEqual({ zone: 2, isDemo: true });
    expect(await floodRiskAt(database.db, at(...PLACES.far))).toEqual({ zone: 1, isDemo: false });
  });
});

describe('a home whose exact place is not public', () => {
  it('takes the highest zone within the rounding square, unless the square lies in a hole', async () => {
    await importFloodZones(database.db, fixture('flood-zones-2025.geojson'));
    // 40 m east of square B: outside it, but within the square a rounded location stands for.
    expect((await floodRiskAround(database.db, at(461240, 451100), 0.001))?.zone).toBe(3);
    expect((await floodRiskAt(database.db, at(461240, 451100)))?.zone).toBe(1);
    // The middle of A's 300 m hole: the square fits inside it, so only the zone 2 around counts.
    expect((await floodRiskAround(database.db, at(460250, 451250), 0.001))?.zone).toBe(2);
    expect(
      await floodRiskForHome(database.db, {
        ...at(461240, 451100),
        isApproximate: true,
        country: 'England',
      }),
    ).toEqual({ status: 'found', zone: 3, isDemo: false, isApproximate: true });
  });

  it('says the map covers England only', async () => {
    expect(
      await floodRiskForHome(database.db, {
        lat: 51.48,
        lng: -3.18,
        isApproximate: false,
        country: 'Wales',
      }),
    ).toEqual({ status: 'other-nation', country: 'Wales' });
  });
});

describe('a shapefile export', () => {
  it('gives the same zones as the GeoJSON of the same release', async () => {
    const base = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flood-shp-')), 'Flood_Zones');
    const release = JSON.parse(fs.readFileSync(fixture('flood-zones-2025.geojson'), 'utf8'));
    writeShapefile(base, release.features, BRITISH_NATIONAL_GRID_PRJ);
    const progress: number[] = [];
    const summary = await importFloodZones(database.db, `${base}.shp`, (p) =>
      progress.push(p.bytesRead / p.totalBytes),
    );
    expect(summary).toMatchObject({
      crs: 'british-national-grid',
      features: 5,
      polygons: 4,
      skipped: 2,
    });
    expect(progress.at(-1)).toBe(1);
    expect(await zonesEverywhere()).toEqual({ inA: 3, inHole: 2, inB: 3, inC: 2, inD: 1, far: 1 });
    const [row] = await database.db
      .select({ floodSource: floodZones.floodSource })
      .from(floodZones)
      .where(eq(floodZones.featureId, '3'));
    expect(row?.floodSource).toBe('Sea');
  });

  it('refuses a shapefile whose coordinate system it cannot tell', async () => {
    const base = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flood-shp-')), 'Flood_Zones');
    writeShapefile(base, [], 'PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere"]');
    await expect(importFloodZones(database.db, `${base}.shp`)).rejects.toThrow(
      /Unsupported coordinate system/,
    );
    fs.rmSync(`${base}.prj`);
    await expect(importFloodZones(database.db, `${base}.shp`)).rejects.toThrow(
      /No Flood_Zones.prj/,
    );
    expect(await zoneAt(...PLACES.inA)).toBe(3);
  });
});
