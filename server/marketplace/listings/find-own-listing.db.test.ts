import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findOwnListing } from './find-own-listings.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('one of the lister’s own listings', () => {
  it('is found for its owner, deleted ones too, with the manage page’s facts', async () => {
    const { db } = database;
    const id = await insertListing(db, { ownerSub: 'own-one', title: 'Mine' });
    const deleted = await insertListing(db, { ownerSub: 'own-one', deletedAt: new Date() });
    await insertListing(db, { ownerSub: 'own-one', title: 'Another of mine' });

    const listing = await findOwnListing(db, 'own-one', id);
    expect(listing).toMatchObject({ id, title: 'Mine', deletedAt: null, moderation: null });
    expect((await findOwnListing(db, 'own-one', deleted)).deletedAt).not.toBeNull();
  });

  it('answers not found for another owner’s listing, as for one that does not exist', async () => {
    const { db } = database;
    const theirs = await insertListing(db, { ownerSub: 'someone-else' });
    await expect(findOwnListing(db, 'own-one', theirs)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(findOwnListing(db, 'own-one', 999_999)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(findOwnListing(db, 'own-one', Number.NaN)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
