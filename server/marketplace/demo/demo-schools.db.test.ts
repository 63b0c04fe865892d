import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findSchoolsNearListing } from '../schools/find-schools-nearby.ts';
import { importGias } from '../schools/import-gias.ts';
import { schools } from '../schools/schema.ts';
import { insertDemoSchools } from './demo-schools.ts';
import { buildDemoListings } from './seed-demo.ts';

let database: TestDatabase;
const leeds = buildDemoListings()
  .map(({ listing }) => listing)
  .filter((listing) => listing.town === 'Leeds');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('demo schools in the database', () => {
  it('gives a demo home three of each stage, marked as demo data', async () => {
    const stored = await insertDemoSchools(database.db, leeds);
    expect(stored).toBeGreaterThan(6);
    const home = leeds[0]!;
    const listingId = await insertListing(database.db, { lat: home.lat, lng: home.lng });
    const { primary, secondary } = await findSchoolsNearListing(database.db, listingId);
    expect(primary).toHaveLength(3);
    expect(secondary).toHaveLength(3);
    expect([...primary, ...secondary].every((school) => school.isDemo)).toBe(true);
  });

  it('keeps the demo schools when a register extract without them is loaded', async () => {
    const demo = () => database.db.select().from(schools).where(eq(schools.source, 'demo'));
    const before = (await demo()).length;
    const summary = await importGias(
      database.db,
      path.join(import.meta.dirname, '../schools/fixtures/edubasealldata20261001.csv'),
    );
    expect(summary.removed).toBe(0);
    expect(await demo()).toHaveLength(before);
  });
});
