import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { Message } from '../../mail/mailer.ts';
import { createOfflineGeocoder } from '../search/geocoder.ts';
import { createSearchService } from '../search/search-service.ts';
import {
  findSavedSearch,
  saveSearch,
  unsubscribeSavedSearch,
  updateSavedSearch,
} from './saved-searches.ts';
import { savedSearches } from './schema.ts';
import { sendAlertFor, type SearchAlertDeps } from './send-search-alerts.ts';

let database: TestDatabase;
let deps: SearchAlertDeps;
const sent: Message[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    search: createSearchService({ db: database.db, geocoder: createOfflineGeocoder(database.db) })
      .run,
    send: async (message) => {
      sent.push(message);
    },
    publicUrl: () => 'https://roost.example',
    secret: Buffer.from('a-test-secret-that-is-long-enough-for-hmac'),
  };
});
afterAll(() => database.destroy());

let owners = 0;

/** A daily 3+ bedroom search round ZZ1, saved two hours ago by an owner of its own. */
async function aSavedSearch() {
  owners += 1;
  const owner = `editor-${owners}`;
  const saved = await saveSearch(
    database.db,
    { sub: owner, email: `${owner}@example.com` },
    { name: 'Three beds', channel: 'sale', params: 'location=ZZ1&minBeds=3&radius=1' },
  );
  await database.db
    .update(savedSearches)
    .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
    .where(eq(savedSearches.id, saved.id));
  return { owner, saved: await findSavedSearch(database.db, owner, saved.id) };
}

/** A 3 bedroom home in outcode ZZ<n>, far from everything else, published `ago` ms ago. */
function aHomeIn(area: number, ago = 0) {
  return insertListing(database.db, {
    town: `Edittown ${area}`,
    outcode: `ZZ${area}`,
    postcode: `ZZ${area} 1AA`,
    lat: 40 + area,
    lng: 0,
    bedrooms: 3,
    publishedAt: new Date(Date.now() - ago),
  });
}

describe('editing a saved search', () => {
  it('renames it and changes its frequency, keeping its criteria and when it started', async () => {
    const { owner, saved } = await aSavedSearch();
    const updated = await updateSavedSearch(database.db, owner, saved.id, {
      name: '  Family homes  ',
      frequency: 'weekly',
    });
    expect(updated).toMatchObject({ name: 'Family homes', frequency: 'weekly' });
    expect(updated.params).toBe(saved.params);
    expect(updated.createdAt).toEqual(saved.createdAt);
  });

  it('is for its owner only: anyone else is told it does not exist, and nothing changes', async () => {
    const { saved } = await aSavedSearch();
    const { owner: someoneElse } = await aSavedSearch();
    await expect(
      updateSavedSearch(database.db, someoneElse, saved.id, { name: 'Mine now' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(findSavedSearch(database.db, someoneElse, saved.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const [row] = await database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, saved.id));
    expect(row?.name).toBe('Three beds');
  });

  it('refuses an unsubscribed search as gone', async () => {
    const { owner, saved } = await aSavedSearch();
    await unsubscribeSavedSearch(database.db, saved.id);
    await expect(
      updateSavedSearch(database.db, owner, saved.id, { frequency: 'daily' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('checks the fields as saving does, one message per field', async () => {
    const { owner, saved } = await aSavedSearch();
    const refused = (input: unknown) => updateSavedSearch(database.db, owner, saved.id, input);
    await expect(refused({ name: '   ' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'Give your search a name' },
    });
    await expect(refused({ name: 'x'.repeat(81) })).rejects.toMatchObject({
      fields: { name: 'Use at most 80 characters' },
    });
    await expect(
      refused({ frequency: 'hourly', criteria: { channel: 'lease', params: '' } }),
    ).rejects.toMatchObject({
      fields: { frequency: expect.any(String), 'criteria.channel': expect.any(String) },
    });
    expect((await findSavedSearch(database.db, owner, saved.id)).name).toBe('Three beds');
  });

  it('keeps only valid filters of new criteria, as saving does', async () => {
    const { owner, saved } = await aSavedSearch();
    const updated = await updateSavedSearch(database.db, owner, saved.id, {
      criteria: {
        channel: 'rent',
        placeSlug: 'york',
        params: 'type=flat&minPrice=abc&page=3&savedSearch=7',
      },
    });
    expect(updated).toMatchObject({ channel: 'rent', placeSlug: 'york', params: 'type=flat' });
  });

  it('sends the next alert for the new criteria, of homes new since the change', async () => {
    const { owner, saved } = await aSavedSearch();
    const changedAt = new Date(Date.now() - HOUR);
    const updated = await updateSavedSearch(
      database.db,
      owner,
      saved.id,
      { criteria: { channel: 'sale', params: 'location=ZZ2&minBeds=3&radius=1' } },
      changedAt,
    );
    expect(updated.createdAt).toEqual(changedAt);
    const oldArea = await aHomeIn(1);
    const beforeTheChange = await aHomeIn(2, 1.5 * HOUR);
    const newArea = await aHomeIn(2);

    sent.length = 0;
    expect(await sendAlertFor(deps, updated)).toBe(1);
    const text = sent[0]?.channel === 'email' ? sent[0].text : '';
    expect(text).toContain(`/property/${newArea}/`);
    expect(text).not.toContain(`/property/${oldArea}/`);
    expect(text).not.toContain(`/property/${beforeTheChange}/`);
  });

  it('leaves the alerts alone when the same criteria are saved again', async () => {
    const { owner, saved } = await aSavedSearch();
    const updated = await updateSavedSearch(database.db, owner, saved.id, {
      criteria: { channel: 'sale', params: 'minBeds=3&radius=1&location=ZZ1&savedSearch=1' },
    });
    expect(updated.createdAt).toEqual(saved.createdAt);
  });
});
