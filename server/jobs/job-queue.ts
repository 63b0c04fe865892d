import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { jobs, type Job } from './schema.ts';

/** A kind of background work: a name, a payload schema and what to do. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  run(payload: z.infer<Schema>, context: { job: Job; logger: Logger }): Promise<void>;
  maxAttempts?: number;
  /** Repeat every so many milliseconds (one run per interval across all instances). */
  everyMs?: number;
}

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>) {
  return definition;
}

export interface EnqueueOptions {
  runAt?: Date;
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  db: Database;
  logger: Logger;
  definitions: JobDefinition[];
  /** How often an idle worker looks for due work. */
  pollMs?: number;
  /** How long a claimed job is ours before another worker may take it over. */
  leaseMs?: number;
  batchSize?: number;
}

/** Exponential back-off from 30 s, capped at an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

export function createJobQueue(options: JobQueueOptions) {
  const { db, logger, definitions, pollMs = 5_000, leaseMs = 5 * 60_000, batchSize = 5 } = options;
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;

  async function enqueue(name: string, payload: unknown, enqueueOptions: EnqueueOptions = {}) {
    const definition = byName.get(name);
    if (!definition) throw new Error(`Unknown job "${name}"`);
    const parsed = definition.payload.parse(payload);
    const [row] = await db
      .insert(jobs)
      .values({
        name,
        payload: parsed as object,
        runAt: enqueueOptions.runAt ?? new Date(),
        dedupeKey: enqueueOptions.dedupeKey,
        maxAttempts: enqueueOptions.maxAttempts ?? definition.maxAttempts ?? 5,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id });
    return row?.id;
  }

  /** Puts the next run of every recurring job in the queue (idempotent across instances). */
  async function scheduleRecurring(now = Date.now()) {
    for (const definition of definitions) {
      if (!definition.everyMs) continue;
      const slot = Math.floor(now / definition.everyMs) + 1;
      await enqueue(
        definition.name,
        {},
        { runAt: new Date(slot * definition.everyMs), dedupeKey: `${definition.name}:${slot}` },
      );
    }
  }

  /** Runs every job that is due now; returns how many ran. Tests call this directly. */
  async function runDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const claimed = await claimDueJobs(db, { names: [...byName.keys()], batchSize, leaseMs });
      if (claimed.length === 0) return count;
      for (const job of claimed) await runJob(db, logger, byName.get(job.name), job);
      count += claimed.length;
    }
  }

  async function tick() {
    if (isStopped) return;
    try {
      await scheduleRecurring();
      running = runDue();
      await running;
    } catch (error) {
      logger.error({ err: error }, 'job worker tick failed');
    } finally {
      running = undefined;
      if (!isStopped) timer = setTimeout(tick, pollMs);
    }
  }

  return {
    enqueue,
    scheduleRecurring,
    runDue,
    start() {
      if (!isStopped) return;
      isStopped = false;
      timer = setTimeout(tick, 0);
    },
    /** Stops polling and waits for the jobs in hand to finish. */
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** Takes up to `batchSize` due jobs of the named kinds, leased to this worker for `leaseMs`. */
async function claimDueJobs(
  db: Database,
  { names, batchSize, leaseMs }: { names: string[]; batchSize: number; leaseMs: number },
): Promise<Job[]> {
  // Jobs whose worker died (lease over) become pending again.
  await db
    .update(jobs)
    .set({ status: 'pending' })
    .where(and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)));
  // Only kinds this process can run: a job queued by a newer or differently configured
  // instance waits for one that can, instead of failing here for want of a handler.
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`), inArray(jobs.name, names)))
    .orderBy(jobs.runAt)
    .limit(batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Runs one claimed job: done, or back to pending after a delay, or failed for good. */
async function runJob(
  db: Database,
  logger: Logger,
  definition: JobDefinition | undefined,
  job: Job,
) {
  const jobLogger = logger.child({ job: job.name, jobId: job.id, attempt: job.attempts });
  try {
    if (!definition) throw new Error(`No handler for job "${job.name}"`);
    await definition.run(definition.payload.parse(job.payload), { job, logger: jobLogger });
    await db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(jobs.id, job.id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isFinal = job.attempts >= job.maxAttempts;
    jobLogger.error({ err: error, final: isFinal }, 'job failed');
    await db
      .update(jobs)
      .set({
        status: isFinal ? 'failed' : 'pending',
        runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
        lockedUntil: null,
        lastError: message.slice(0, 2000),
        finishedAt: isFinal ? new Date() : null,
      })
      .where(eq(jobs.id, job.id));
  }
}
