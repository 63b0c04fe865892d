import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createMarketplace } from '../marketplace.ts';
import { mountSearchApi } from './api.ts';
import { serveForTest } from '../../../tests/support/serve.ts';

let database: TestDatabase;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  const app = express();
  mountSearchApi(app as unknown as express.Router, createMarketplace({ db: database.db }));
  const served = await serveForTest(app);
  base = served.base;
  close = served.close;
});
afterAll(async () => {
  await close();
  await database.destroy();
});

const places = async (q: string) =>
  (
    (await (await fetch(`${base}/places?q=${encodeURIComponent(q)}`)).json()) as {
      places: { name: string; slug: string | null }[];
    }
  ).places;

describe('GET /api/v1/places', () => {
  it('suggests places by prefix, biggest first', async () => {
    const found = await places('manch');
    expect(found[0]).toMatchObject({ name: 'Manchester', slug: 'manchester' });
  });

  it('offers a typed full postcode as it is', async () => {
    expect((await places('sw1a1aa'))[0]).toEqual({ name: 'SW1A 1AA', slug: null, nation: null });
  });

  it('needs two characters and copes with hostile input', async () => {
    expect(await places('m')).toEqual([]);
    expect(await places("'; drop table market.places; --")).toBeInstanceOf(Array);
    expect(await places('%_%')).toBeInstanceOf(Array);
    expect((await places('manchester'))[0]?.name).toBe('Manchester');
  });
});
