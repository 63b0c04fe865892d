import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-request.ts';
import { freePort, startRoost as startProcess, stopRoost } from '../support/roost-process.ts';
import { createPostgresDatabase, testDatabaseKind } from '../support/test-database.ts';

/**
 * The real process as an operator runs it: start on an empty database (PGlite files, or a new
 * PostgreSQL database via DATABASE_URL), serve server-rendered pages, stop on a signal, start
 * again on the same data. Needs the web build (`npm test` makes it first).
 */
const engine = testDatabaseKind();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-lifecycle-'));
let databaseEnv: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
let dropDatabase = async () => {};

beforeAll(async () => {
  if (engine === 'postgres') {
    const database = await createPostgresDatabase();
    databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    dropDatabase = database.drop;
  }
});
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startRoost = (env: Record<string, string>) => startProcess({ ...databaseEnv, ...env });
const stop = stopRoost;

describe('the Roost process', () => {
  let firstTitles: string[] = [];
  let firstTotal = '';

  it('migrates, seeds, and serves listings in the server-rendered HTML', async () => {
    const roost = await startRoost({});
    try {
      const html = await (await fetch(`${roost.url}/search/for-sale/`)).text();
      firstTitles = [...html.matchAll(/class="listing-card__title"><a [^>]*>([^<]+)</g)].map(
        (m) => m[1]!,
      );
      expect(firstTitles).toHaveLength(24);
      expect(html).toMatch(/£\d{2,3},\d{3}/);
      firstTotal = /([\d,]+) homes for sale/.exec(html)?.[1] ?? '';
      expect(Number(firstTotal.replace(/,/g, ''))).toBeGreaterThan(100);
      expect(roost.output()).toContain('demo listings seeded');

      // The stylesheet as the build compressed it, not compressed again per request.
      const stylesheet = /<link [^>]*rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(
        html,
      )?.[1];
      const file = path.join('build', 'client', stylesheet!);
      for (const [accept, encoding, body] of [
        ['gzip, deflate, br, zstd', 'br', `${file}.br`],
        ['gzip', 'gzip', `${file}.gz`],
        ['identity', undefined, file],
      ] as const) {
        const answer = await rawRequest(`${roost.url}${stylesheet}`, {
          headers: { 'accept-encoding': accept },
        });
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.bytes.equals(fs.readFileSync(body))).toBe(true);
      }
    } finally {
      expect(await stop(roost)).toBe(0);
    }
    expect(roost.output()).toContain('stopped cleanly');
  }, 120_000);

  it('starts again on the same data without seeding twice', async () => {
    const roost = await startRoost({});
    try {
      const html = await (await fetch(`${roost.url}/search/for-sale/`)).text();
      const titles = [...html.matchAll(/class="listing-card__title"><a [^>]*>([^<]+)</g)].map(
        (m) => m[1]!,
      );
      expect(titles).toEqual(firstTitles);
      expect(/([\d,]+) homes for sale/.exec(html)?.[1]).toBe(firstTotal);
      expect(roost.output()).not.toContain('demo listings seeded');
    } finally {
      expect(await stop(roost)).toBe(0);
    }
  }, 120_000);

  it(
    engine === 'pglite'
      ? 'refuses a second process on the same PGlite data'
      : 'runs a second instance beside the first on one PostgreSQL database',
    async () => {
      const roost = await startRoost({});
      try {
        if (engine === 'pglite') {
          const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
            env: {
              ...process.env,
              ...databaseEnv,
              PORT: String(await freePort()),
              HTTPS_PORT: String(await freePort()),
            },
            encoding: 'utf8',
            timeout: 60_000,
          });
          expect(second.status).toBe(1);
          expect(second.stderr.trim()).toMatch(/is in use by another Roost process \(pid \d+\)/);
        } else {
          const second = await startRoost({});
          try {
            expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
          } finally {
            expect(await stop(second)).toBe(0);
          }
        }
      } finally {
        expect(await stop(roost)).toBe(0);
      }
    },
    120_000,
  );

  it('stops at once with one clear line for a bad setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT expected a port number (got "abc")',
    ]);
  });
});
