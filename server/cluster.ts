import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';

/**
 * WEB_CONCURRENCY above 1: this process (the primary) serves nothing itself. It starts that many
 * server processes, which share the listening ports, and keeps them running: one of them runs
 * the background jobs; a process that dies after starting is replaced (the jobs move to its
 * replacement); SIGTERM or SIGINT stops each as its own SIGTERM would, letting in-flight
 * requests finish, and the primary exits once all have.
 */

const JOBS_VARIABLE = 'ROOST_CLUSTER_JOBS';
const READY = 'roost:ready';

/** Whether this process runs the background jobs: alone, or the one of the cluster chosen. */
export function isJobsWorker(): boolean {
  return cluster.isPrimary || process.env[JOBS_VARIABLE] === 'true';
}

/** A server process tells the primary it is listening, at `url`. */
export function reportReady(url: string): void {
  process.send?.({ type: READY, url });
}

export function runPrimary({ processes, logger }: { processes: number; logger: Logger }): void {
  const ready = new Set<Worker>();
  let jobsWorker: Worker | undefined;
  let stopping = false;
  let exitCode = 0;
  let announced = false;

  const start = (runsJobs: boolean) => {
    const worker = cluster.fork({ [JOBS_VARIABLE]: String(runsJobs) });
    if (runsJobs) jobsWorker = worker;
    worker.on('message', (message: { type?: string; url?: string }) => {
      if (message?.type !== READY) return;
      ready.add(worker);
      if (!announced && ready.size === processes) {
        announced = true;
        logger.info({ processes }, 'Roost is listening');
        process.stderr.write(`Roost is ready at ${message.url} (${processes} processes)\n`);
      }
    });
  };

  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  cluster.on('exit', (worker, code, signal) => {
    const hadStarted = ready.delete(worker);
    const hadJobs = worker === jobsWorker;
    if (!stopping && hadStarted) {
      logger.error(
        { pid: worker.process.pid, code, signal },
        'a server process exited: starting another',
      );
      start(hadJobs);
      return;
    }
    if (!stopping) {
      // One that never started (a bad setting, a port in use) would fail again: stop them all.
      logger.error({ pid: worker.process.pid, code, signal }, 'a server process failed to start');
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down: each process finishes its in-flight requests');
    // A second signal reaches each process as its second SIGTERM, on which it exits at once.
    stopAll('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  for (let index = 0; index < processes; index += 1) start(index === 0);
}
