import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import {
  addFavourite,
  listFavourites,
  MAX_NOTE_LENGTH,
  setFavouriteNote,
} from './manage-favourites.ts';

let database: TestDatabase;
let listingId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  listingId = await insertListing(database.db);
  await addFavourite(database.db, 'alice', listingId);
});
afterAll(() => database.destroy());

describe('private notes on favourites', () => {
  it('keeps a note for its owner only', async () => {
    expect(
      await setFavouriteNote(
        database.db,
        'alice',
        listingId,
        '  Ask about <b>parking</b>\r\nand the loft ',
      ),
    ).toBe('Ask about <b>parking</b>\nand the loft');
    const [alices] = await listFavourites(database.db, 'alice');
    expect(alices?.note).toBe('Ask about <b>parking</b>\nand the loft');
    expect(await listFavourites(database.db, 'bob')).toEqual([]);
  });

  it('refuses notes on homes the user has not favourited, too-long notes and non-text', async () => {
    await expect(setFavouriteNote(database.db, 'bob', listingId, 'mine now')).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    await expect(
      setFavouriteNote(database.db, 'alice', listingId, 'x'.repeat(MAX_NOTE_LENGTH + 1)),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { note: 'Keep your note under 1,000 characters' },
    });
    await expect(setFavouriteNote(database.db, 'alice', listingId, 42)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const [alices] = await listFavourites(database.db, 'alice');
    expect(alices?.note).toBe('Ask about <b>parking</b>\nand the loft');
  });
});
