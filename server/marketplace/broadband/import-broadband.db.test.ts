import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findBroadbandForListing, findBroadbandForPostcode } from './find-broadband.ts';
import { broadbandRow, importBroadband, upsertBroadband } from './import-broadband.ts';
import { broadbandCoverage } from './schema.ts';

/** The importer on files in Ofcom's own format: a July 2025 area file, then a newer one. */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const held = async () =>
  (await database.db.select().from(broadbandCoverage).orderBy(asc(broadbandCoverage.postcode))).map(
    (row) => `${row.postcode}:${row.snapshot.slice(0, 7)}:${row.gigabitPct}`,
  );

describe('importing Ofcom postcode coverage', () => {
  it('loads an area file, skipping the row with no postcode and saying why', async () => {
    const progress: number[] = [];
    const summary = await importBroadband(
      database.db,
      fixture('202507_fixed_pc_coverage_r01_LS.csv'),
      (p) => progress.push(p.bytesRead / p.totalBytes),
    );
    expect(summary).toMatchObject({
      snapshot: '2025-07-01',
      areas: ['LS'],
      rows: 5,
      added: 4,
      changed: 0,
      removed: 0,
      skipped: 1,
    });
    expect(summary.problems).toEqual([{ line: 5, reason: 'no usable postcode' }]);
    expect(progress.at(-1)).toBe(1);
    expect(await held()).toEqual([
      'LS6 1AB:2025-07:0',
      'LS6 1AD:2025-07:100',
      'LS6 1AE:2025-07:0',
      'LS6 1AF:2025-07:null',
    ]);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const before = await held();
    const summary = await importBroadband(
      database.db,
      fixture('202507_fixed_pc_coverage_r01_LS.csv'),
    );
    expect(summary).toMatchObject({ added: 0, changed: 0, unchanged: 4, removed: 0 });
    expect(await held()).toEqual(before);
  });

  it('replaces an area with a newer file: changes, additions, and drops what it leaves out', async () => {
    await importBroadband(database.db, fixture('202507_fixed_pc_coverage_r01_BD.csv'));
    await upsertBroadband(database.db, [
      broadbandRow(
        {
          postcode: 'LS6 9ZZ',
          superfastPct: 100,
          ultrafast100Pct: 0,
          ultrafastPct: 0,
          gigabitPct: 0,
          fullFibrePct: null,
          below10Pct: 0,
          below30Pct: 0,
        },
        '2025-01-01',
        'demo',
      ),
    ]);
    const summary = await importBroadband(
      database.db,
      fixture('202601_fixed_pc_coverage_r01_LS.csv'),
    );
    expect(summary).toMatchObject({
      snapshot: '2026-01-01',
      rows: 4,
      added: 1,
      changed: 1,
      unchanged: 2,
      removed: 1,
      skipped: 0,
    });
    // Another area's figures and the demo's rows are left as they were.
    expect(await held()).toEqual([
      'BD1 1AA:2025-07:0',
      'LS6 1AB:2026-01:100',
      'LS6 1AD:2026-01:100',
      'LS6 1AF:2026-01:null',
      'LS6 1AG:2026-01:100',
      'LS6 9ZZ:2025-01:0',
    ]);
  });

  it('refuses a file older than the figures held for its area, changing nothing', async () => {
    const before = await held();
    await expect(
      importBroadband(database.db, fixture('202507_fixed_pc_coverage_r01_LS.csv')),
    ).rejects.toThrow(/newer Ofcom figures for LS \(2026-01\)/);
    expect(await held()).toEqual(before);
  });
});

describe('a postcode’s broadband', () => {
  it('summarises held figures, fastest tier first, with blank cells left out', async () => {
    const summary = await findBroadbandForPostcode(database.db, 'ls61af');
    expect(summary).toMatchObject({ status: 'published', source: 'ofcom', snapshot: '2026-01-01' });
    if (summary.status !== 'published') return;
    expect(summary.tiers.map((tier) => [tier.label, tier.percent])).toEqual([
      ['Ultrafast (300 Mbit/s+)', 10],
      ['Ultrafast (100 Mbit/s+)', 10],
      ['Superfast (30 Mbit/s+)', 100],
    ]);
  });

  it('says when Ofcom’s file for the area leaves the postcode out, or nothing is held', async () => {
    expect(await findBroadbandForPostcode(database.db, 'LS6 1AE')).toEqual({
      status: 'not-published',
      snapshot: '2026-01-01',
    });
    expect(await findBroadbandForPostcode(database.db, 'M1 1AA')).toEqual({ status: 'not-loaded' });
  });

  it('finds a listing’s figures by its postcode', async () => {
    const listingId = await insertListing(database.db, { postcode: 'LS6 1AD', outcode: 'LS6' });
    expect(await findBroadbandForListing(database.db, listingId)).toMatchObject({
      status: 'published',
      fastest: { label: 'Gigabit (1,000 Mbit/s)', percent: 100 },
    });
  });
});
