import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { listingFreeSlots } from '../viewings/availability.ts';
import { viewingAvailability } from '../viewings/schema.ts';
import { insertDemoViewingAvailability } from './demo-viewing-availability.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('insertDemoViewingAvailability', () => {
  it('gives the demo owner’s available homes viewing times, and no one else’s', async () => {
    const { db } = database;
    const ids = [];
    for (let index = 0; index < 3; index += 1)
      ids.push(await insertListing(db, { ownerSub: 'roost-demo' }));
    const paused = await insertListing(db, { ownerSub: 'roost-demo', status: 'paused' });
    const someoneElse = await insertListing(db, { ownerSub: 'someone' });
    await insertDemoViewingAvailability(db, 'roost-demo');
    await insertDemoViewingAvailability(db, 'roost-demo');

    const rows = await db.select().from(viewingAvailability);
    expect(rows.map((row) => row.listingId).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((row) => JSON.stringify(row.weekly))).size).toBe(3);
    const now = new Date('2026-12-01T08:00:00Z');
    for (const listingId of ids)
      expect((await listingFreeSlots(db, { listingId, now })).length).toBeGreaterThan(0);
    expect(await listingFreeSlots(db, { listingId: paused, now })).toEqual([]);
    expect(await listingFreeSlots(db, { listingId: someoneElse, now })).toEqual([]);
  });
});
