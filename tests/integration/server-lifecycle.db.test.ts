import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database.ts';

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
    const database = await createEmptyPostgresDatabase();
    databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    dropDatabase = database.drop;
  }
});
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startRoost(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const httpsPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HTTPS_PORT: String(httpsPort),
      ...databaseEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 90_000);
    const check = () => {
      const match = /Roost is ready at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stderr!.on('data', check);
    void exited.then(() => reject(new Error(`exited before ready:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}

async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

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
