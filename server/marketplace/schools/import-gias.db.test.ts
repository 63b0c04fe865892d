import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findNearestSchools, findSchoolsNearListing } from './find-schools-nearby.ts';
import { importGias, NotAnExtractError } from './import-gias.ts';
import { schools } from './schema.ts';

/**
 * The importer on two full extracts in the publisher's format (Windows-1252, header row): the
 * second changes one school's inspection, closes one, drops one and adds one.
 */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const FIRST = fixture('edubasealldata20261001.csv');
const SECOND = fixture('edubasealldata20261101.csv');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const held = async () =>
  (
    await database.db
      .select({ urn: schools.urn, status: schools.status, rating: schools.ofstedRating })
      .from(schools)
      .orderBy(asc(schools.urn))
  ).map((row) => `${row.urn}:${row.status}:${row.rating ?? '-'}`);

// Hyde Park, Leeds: a home between the fixture's schools.
const HOME = { lat: 53.8125, lng: -1.57 };

describe('importing the establishment extract', () => {
  it('says no schools are held before any extract is loaded', async () => {
    const listingId = await insertListing(database.db, HOME);
    expect(await findSchoolsNearListing(database.db, listingId)).toEqual({
      primary: [],
      secondary: [],
      isLoaded: false,
    });
  });

  it('loads the first extract, decoding Windows-1252 and saying which row it skipped', async () => {
    const progress: number[] = [];
    const summary = await importGias(database.db, FIRST, (p) =>
      progress.push(p.bytesRead / p.totalBytes),
    );
    expect(summary).toMatchObject({
      rows: 9,
      added: 8,
      changed: 0,
      unchanged: 0,
      closed: 0,
      removed: 0,
      unplaced: 1,
      skipped: 1,
    });
    expect(summary.problems).toEqual([
      { line: 10, reason: 'easting or northing is not a grid reference' },
    ]);
    expect(progress.at(-1)).toBe(1);
    const names = (await database.db.select({ name: schools.name }).from(schools)).map(
      (row) => row.name,
    );
    expect(names).toContain('St Thérèse of Lisieux Catholic Primary School');
  });

  it('changes nothing when the same extract is loaded again', async () => {
    const before = await held();
    const summary = await importGias(database.db, FIRST);
    expect(summary).toMatchObject({ added: 0, changed: 0, unchanged: 8, closed: 0, removed: 0 });
    expect(await held()).toEqual(before);
  });

  it('applies the next extract: a change, a closure, a school dropped and one added', async () => {
    const listingId = await insertListing(database.db, HOME);
    const before = await findSchoolsNearListing(database.db, listingId);
    expect(before.primary.map((school) => school.name)).toContain('Burley Road Primary School');

    const summary = await importGias(database.db, SECOND);
    expect(summary).toMatchObject({
      rows: 9,
      added: 1,
      changed: 2,
      unchanged: 5,
      closed: 1,
      removed: 1,
      skipped: 1,
    });
    const now = await held();
    expect(now).toContain('107102:Open:Good');
    expect(now).toContain('107106:Closed:Good');
    expect(now).toContain('107110:Open:-');
    expect(now.some((row) => row.startsWith('107107:'))).toBe(false);

    const names = (await findNearestSchools(database.db, HOME, 'primary', 10)).map(
      (school) => school.name,
    );
    expect(names).not.toContain('Burley Road Primary School');
    expect(names).not.toContain('Meanwood Park Primary School');
    expect(names).toContain('Little Woodhouse Primary School');
  });

  it('refuses a file that is not an establishment extract, removing nothing', async () => {
    const before = await held();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gias-'));
    const file = path.join(dir, 'other.csv');
    fs.writeFileSync(file, '"URN","EstablishmentName"\n100000,"A school"\n');
    await expect(importGias(database.db, file)).rejects.toThrow(NotAnExtractError);
    fs.writeFileSync(file, fs.readFileSync(SECOND, 'latin1').split('\r\n')[0] + '\r\n', 'latin1');
    await expect(importGias(database.db, file)).rejects.toThrow('holds no schools');
    expect(await held()).toEqual(before);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('schools near a home', () => {
  it('lists the nearest open schools of each stage, nearest first, with what is held of them', async () => {
    const listingId = await insertListing(database.db, HOME);
    const { primary, secondary } = await findSchoolsNearListing(database.db, listingId);
    // The nursery is neither; the independent 3–18 school is both; the closed ones are neither.
    expect(primary.map((school) => school.name)).toEqual([
      'St Thérèse of Lisieux Catholic Primary School',
      'Hyde Park Primary School',
      'Headingley Grammar School',
    ]);
    expect(secondary.map((school) => school.name)).toEqual([
      'Headingley Grammar School',
      'Kirkstall Valley Academy',
    ]);
    expect(primary[1]).toMatchObject({
      type: 'Community school',
      lowAge: 3,
      highAge: 11,
      ofstedRating: 'Good',
      ofstedInspectedOn: '2019-03-12',
      isDemo: false,
    });
    // 0.13 and 0.52 miles by the register's grid references.
    expect(primary[0]!.miles).toBeCloseTo(0.13, 1);
    expect(primary[1]!.miles).toBeCloseTo(0.52, 1);
    expect(primary[2]!.ofstedRating).toBeNull();
  });

  it('finds none for a home far from every school', async () => {
    const listingId = await insertListing(database.db, { lat: 50.1, lng: -5.5 });
    expect(await findSchoolsNearListing(database.db, listingId)).toEqual({
      primary: [],
      secondary: [],
      isLoaded: true,
    });
  });
});
