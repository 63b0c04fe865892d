import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findNearestStations } from './find-stations.ts';
import { importNaptanStations, upsertStations } from './import-naptan.ts';
import { stations } from './schema.ts';

/** The importer on NaPTAN Stops.csv extracts in DfT's own format, then the nearest query. */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const held = async () =>
  (await database.db.select().from(stations).orderBy(asc(stations.atcoCode))).map(
    (row) => `${row.atcoCode}:${row.kind}:${row.name}`,
  );

describe('importing NaPTAN stations', () => {
  it('keeps live railway and metro stations only, saying which rows it skipped', async () => {
    const summary = await importNaptanStations(database.db, fixture('naptan-stops.csv'));
    expect(summary).toMatchObject({ rows: 9, stations: 5, added: 5, removed: 0, skipped: 1 });
    expect(summary.problems).toEqual([{ line: 9, reason: 'no usable latitude and longitude' }]);
    expect(await held()).toEqual([
      '9100BURLYMP:rail:Burley Park Rail Station',
      '9100HDGLY:rail:Headingley Rail Station',
      '9100KRKSTLF:rail:Kirkstall Forge Rail Station',
      '9100LEEDS:rail:Leeds Rail Station',
      '9400ZZMAPIC:metro:Piccadilly (Manchester Metrolink)',
    ]);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const before = await held();
    const summary = await importNaptanStations(database.db, fixture('naptan-stops.csv'));
    expect(summary).toMatchObject({ added: 0, changed: 0, unchanged: 5, removed: 0 });
    expect(await held()).toEqual(before);
  });

  it('applies a newer extract: a change, an addition, an inactive and a dropped station', async () => {
    await upsertStations(database.db, [
      {
        atcoCode: 'DEMO-LS-1',
        kind: 'rail',
        name: 'Demo Halt',
        locality: 'Leeds',
        lat: 53.8,
        lng: -1.55,
        source: 'demo',
      },
    ]);
    const summary = await importNaptanStations(database.db, fixture('naptan-stops-update.csv'));
    expect(summary).toMatchObject({ added: 1, changed: 1, unchanged: 2, removed: 2, skipped: 0 });
    expect(await held()).toEqual([
      '9100BRMLY:rail:Bramley (West Yorkshire) Rail Station',
      '9100HDGLY:rail:Headingley (Leeds) Rail Station',
      '9100LEEDS:rail:Leeds Rail Station',
      '9400ZZMAPIC:metro:Piccadilly (Manchester Metrolink)',
      'DEMO-LS-1:rail:Demo Halt',
    ]);
  });
});

describe('nearest stations', () => {
  it('orders by distance as the crow flies, with a walking time for the near ones', async () => {
    // Headingley, by the cricket ground.
    const nearest = await findNearestStations(database.db, { lat: 53.8175, lng: -1.5822 });
    expect(nearest.map((station) => station.atcoCode)).toEqual([
      '9100HDGLY',
      'DEMO-LS-1',
      '9100LEEDS',
    ]);
    expect(nearest[0]!.miles).toBeGreaterThan(0.4);
    expect(nearest[0]!.miles).toBeLessThan(0.6);
    expect(nearest[0]!.walkingMinutes).toBe(Math.round((nearest[0]!.miles / 3) * 60));
    expect(nearest[1]).toMatchObject({ isDemo: true });
    expect(nearest[2]).toMatchObject({ isDemo: false, kind: 'rail' });
  });

  it('widens its search for a remote home and finds nothing beyond 30 miles', async () => {
    // The Peak District: Leeds is about 30 miles away; Manchester's Piccadilly about 20.
    const remote = await findNearestStations(database.db, { lat: 53.37, lng: -1.8 }, 1);
    expect(remote.map((station) => station.atcoCode)).toEqual(['9400ZZMAPIC']);
    expect(remote[0]!.walkingMinutes).toBeNull();
    expect(await findNearestStations(database.db, { lat: 57.48, lng: -4.22 })).toEqual([]);
  });
});
