import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findSoldPricesAroundListing, findStreetSoldPrices } from './find-sold-prices.ts';
import { importPricePaid } from './import-price-paid.ts';
import { soldPrices } from './schema.ts';

/** The importer on files in the publisher's own format: the complete file, then an update. */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const held = async () =>
  (
    await database.db
      .select({ id: soldPrices.transactionId, price: soldPrices.price })
      .from(soldPrices)
      .orderBy(asc(soldPrices.transactionId))
  ).map((row) => `${row.id.slice(1, 14)}:${row.price}`);

describe('importing Price Paid Data', () => {
  it('loads the complete file, skipping the sale with no postcode and saying why', async () => {
    const progress: number[] = [];
    const summary = await importPricePaid(database.db, fixture('pp-complete-sample.csv'), (p) =>
      progress.push(p.bytesRead / p.totalBytes),
    );
    expect(summary).toMatchObject({ rows: 7, added: 6, changed: 0, unchanged: 0, skipped: 1 });
    expect(summary.problems).toEqual([{ line: 5, reason: 'no usable postcode' }]);
    expect(progress.at(-1)).toBe(1);
    expect(await held()).toHaveLength(6);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const before = await held();
    const summary = await importPricePaid(database.db, fixture('pp-complete-sample.csv'));
    expect(summary).toMatchObject({ added: 0, changed: 0, unchanged: 6, deleted: 0 });
    expect(await held()).toEqual(before);
  });

  it('applies a monthly update: a change, a deletion, an addition; bad rows are reported', async () => {
    const summary = await importPricePaid(database.db, fixture('pp-monthly-update.csv'));
    expect(summary).toMatchObject({
      rows: 5,
      added: 1,
      changed: 1,
      deleted: 1,
      deletionsNotHeld: 1,
      skipped: 1,
    });
    expect(summary.problems).toEqual([{ line: 5, reason: 'date of transfer is not a date' }]);
    const now = await held();
    expect(now).toContain('1A2B3C4D-0001:255000');
    expect(now).toContain('1A2B3C4D-0008:265000');
    expect(now.some((row) => row.startsWith('1A2B3C4D-0007'))).toBe(false);
  });
});

describe('sold prices around a listing', () => {
  it("finds the home's own sales by its address however it is typed, and its street's others", async () => {
    const listingId = await insertListing(database.db, {
      addressLine1: '14, Victoria Rd',
      postcode: 'LS6 1AB',
      outcode: 'LS6',
    });
    const around = await findSoldPricesAroundListing(database.db, listingId);
    expect(around.home.map((sale) => [sale.soldOn, sale.price])).toEqual([
      ['2023-06-30', 255000],
      ['2015-03-02', 187500],
    ]);
    // Same street first, newest first, the home's own sales left out; then the same sector.
    expect(around.nearby.map((sale) => sale.address)).toEqual([
      '18 Victoria Road',
      'Flat 2, The Mill, 20 Victoria Road',
      '31 Victoria Road',
      'Rose Cottage, Spen Lane',
    ]);
    expect(around.street).toEqual({ district: 'LS6', slug: 'victoria-road' });
  });

  it('keeps a flat apart from the other flats in its building', async () => {
    const listingId = await insertListing(database.db, {
      addressLine1: 'Flat 2, The Mill, 20 Victoria Road',
      postcode: 'LS6 1AB',
    });
    const other = await insertListing(database.db, {
      addressLine1: 'Flat 3, The Mill, 20 Victoria Road',
      postcode: 'LS6 1AB',
    });
    expect((await findSoldPricesAroundListing(database.db, listingId)).home).toHaveLength(1);
    expect((await findSoldPricesAroundListing(database.db, other)).home).toHaveLength(0);
  });

  it('lists a street in one postcode district, and nothing for a street with no sales', async () => {
    const street = await findStreetSoldPrices(database.db, 'ls6', 'victoria-road');
    expect(street).toMatchObject({ street: 'Victoria Road', town: 'Leeds', total: 5 });
    expect(street!.sales[0]).toMatchObject({ price: 265000, propertyType: 'T', tenure: 'F' });
    expect(await findStreetSoldPrices(database.db, 'LS7', 'victoria-road')).toBeUndefined();
  });
});
