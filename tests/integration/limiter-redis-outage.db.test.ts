import net from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAbuseLimiter, type AbuseLimiter } from '../../limits/index.ts';
import { rateLimits } from '../../limits/schema.ts';
import { createHealthRouter } from '../../server/http/health.ts';
import { createLogger } from '../../server/logger.ts';
import { serveForTest } from '../support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * With REDIS_URL set, a Redis that does not answer (down, or connected and silent) never holds
 * up or fails a limited request: the database counts instead, the outage is logged once, and
 * `/readyz` says the limiter is degraded.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

function spyLog() {
  return { warn: vi.fn(), info: vi.fn() };
}

async function databaseCount(key: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row?.count;
}

/** A TCP proxy to `target` that can stop passing bytes on, as a stalled Redis would. */
async function startStallableProxy(target: URL) {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    stall: () => {
      stalled = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the limiter while Redis does not answer', () => {
  it('counts in the database when Redis is down, logs once and reports degraded', async () => {
    const log = spyLog();
    // Nothing listens on this port: every connection is refused.
    const limiter = await createAbuseLimiter({
      db: database.db,
      redisUrl: 'redis://127.0.0.1:6390',
      log,
    });
    try {
      const key = `down:${Math.random()}`;
      const verdicts = [];
      for (let i = 0; i < 3; i += 1) verdicts.push((await limiter.take(key, 2, 60)).allowed);
      expect(verdicts).toEqual([true, true, false]);
      expect(await databaseCount(key)).toBe(3);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(await limiter.health()).toEqual({ store: 'redis', state: 'degraded', fallbacks: 3 });

      const app = express();
      const logger = createLogger({ logLevel: 'silent' });
      app.use(createHealthRouter({ database, limiter }, () => false, logger));
      const served = await serveForTest(app);
      try {
        const ready = await fetch(`${served.base}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({
          status: 'degraded',
          database: 'ok',
          rateLimits: { store: 'redis', state: 'degraded', fallbacks: 3 },
        });
      } finally {
        await served.close();
      }
    } finally {
      await limiter.close();
    }
  });

  // A real Redis behind a proxy the test can silence: needs TEST_REDIS_URL (as CI sets).
  it.runIf(process.env.TEST_REDIS_URL)(
    'counts in Redis while it answers, in the database once it stalls',
    async () => {
      const proxy = await startStallableProxy(new URL(process.env.TEST_REDIS_URL!));
      const log = spyLog();
      let limiter: AbuseLimiter | undefined;
      try {
        limiter = await createAbuseLimiter({ db: database.db, redisUrl: proxy.url, log });
        const key = `stall:${Math.random()}`;
        expect((await limiter.take(key, 5, 60)).allowed).toBe(true);
        expect(await databaseCount(key)).toBeUndefined();
        expect((await limiter.health()).state).toBe('ok');

        proxy.stall();
        expect((await limiter.take(key, 5, 60)).allowed).toBe(true);
        expect((await limiter.take(key, 5, 60)).allowed).toBe(true);
        expect(await databaseCount(key)).toBe(2);
        expect(log.warn).toHaveBeenCalledTimes(1);
        expect(await limiter.health()).toMatchObject({ state: 'degraded', fallbacks: 2 });
      } finally {
        await limiter?.close();
        await proxy.close();
      }
    },
  );
});
