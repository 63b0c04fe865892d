import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { createLogger } from '../logger.ts';
import { createJobQueue, defineJob } from './job-queue.ts';
import { jobs } from './schema.ts';

let database: TestDatabase;
const logger = createLogger({ logLevel: 'silent' });
const seen: string[] = [];
let failuresLeft = 0;

const echo = defineJob({
  name: 'echo',
  payload: z.object({ word: z.string() }),
  run: async ({ word }) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error(`refused ${word}`);
    }
    seen.push(word);
  },
  maxAttempts: 3,
});
const tick = defineJob({
  name: 'tick',
  payload: z.object({}),
  run: async () => {},
  everyMs: 60_000,
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  seen.length = 0;
  failuresLeft = 0;
  await database.db.delete(jobs).where(sql`true`);
});

const queue = () => createJobQueue({ db: database.db, logger, definitions: [echo, tick] });
const makeDue = () =>
  database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(sql`true`);

describe('job queue', () => {
  it('runs a due job once and records it as done', async () => {
    const q = queue();
    await q.enqueue('echo', { word: 'hello' });
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual(['hello']);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('validates payloads when enqueuing', async () => {
    await expect(queue().enqueue('echo', { word: 42 })).rejects.toThrow();
    await expect(queue().enqueue('nope', {})).rejects.toThrow('Unknown job');
  });

  it('leaves a kind of job it cannot run to a queue that can', async () => {
    const echoOnly = createJobQueue({ db: database.db, logger, definitions: [echo] });
    await queue().enqueue('tick', {});
    expect(await echoOnly.runDue()).toBe(0);
    const [waiting] = await database.db.select().from(jobs);
    expect(waiting).toMatchObject({ name: 'tick', status: 'pending', attempts: 0 });
    expect(await queue().runDue()).toBe(1);
  });

  it('waits for jobs scheduled later', async () => {
    const q = queue();
    await q.enqueue('echo', { word: 'later' }, { runAt: new Date(Date.now() + 60_000) });
    expect(await q.runDue()).toBe(0);
  });

  it('retries with back-off, then gives up after the last attempt', async () => {
    const q = queue();
    failuresLeft = 5;
    await q.enqueue('echo', { word: 'flaky' });
    await q.runDue();
    let [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'refused flaky' });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await makeDue();
      await q.runDue();
    }
    [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(seen).toEqual([]);
  });

  it('succeeds on a retry', async () => {
    const q = queue();
    failuresLeft = 1;
    await q.enqueue('echo', { word: 'second time' });
    await q.runDue();
    await makeDue();
    await q.runDue();
    expect(seen).toEqual(['second time']);
  });

  it('ignores a second enqueue with the same key', async () => {
    const q = queue();
    expect(await q.enqueue('echo', { word: 'a' }, { dedupeKey: 'k' })).toBeTypeOf('number');
    expect(await q.enqueue('echo', { word: 'b' }, { dedupeKey: 'k' })).toBeUndefined();
    await q.runDue();
    expect(seen).toEqual(['a']);
  });

  it('schedules one run per interval however many instances ask', async () => {
    const now = Date.now();
    await queue().scheduleRecurring(now);
    await queue().scheduleRecurring(now);
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'tick'));
    expect(rows).toHaveLength(1);
  });

  it('takes over a job whose worker died when its lease ends', async () => {
    const q = queue();
    await q.enqueue('echo', { word: 'orphan' });
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(sql`true`);
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual(['orphan']);
  });

  it('leaves a job alone while another worker holds its lease', async () => {
    const q = queue();
    await q.enqueue('echo', { word: 'busy' });
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(sql`true`);
    expect(await q.runDue()).toBe(0);
  });
});
