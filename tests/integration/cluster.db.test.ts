import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltRoost, startRoost, type RoostProcess } from '../support/roost-process.ts';
import { testDatabaseKind } from '../support/test-database.ts';

/**
 * WEB_CONCURRENCY: the built server as several processes under node:cluster (PostgreSQL), or
 * refused with a reason (PGlite, one process per data directory).
 */
const engine = testDatabaseKind();

/**
 * One request on a connection of its own, so the cluster may hand it to either process; `{}`
 * when it goes unanswered (a connection handed to a process as it was killed is lost).
 */
function healthOfNewConnection(url: string): Promise<{ worker?: number }> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/healthz`, { agent: false, timeout: 5_000 }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(JSON.parse(body) as { worker?: number }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({}));
  });
}

/** Asks on new connections until `wanted` is true of the workers seen (or gives up). */
async function workersAnswering(url: string, wanted: (seen: Set<number>) => boolean) {
  const seen = new Set<number>();
  for (let attempt = 0; attempt < 200 && !wanted(seen); attempt += 1) {
    const { worker } = await healthOfNewConnection(url);
    if (worker !== undefined) seen.add(worker);
  }
  return seen;
}

const jobsPids = (output: string) =>
  [...output.matchAll(/"pid":(\d+)[^\n]*"msg":"background jobs started"/g)].map((m) => m[1]!);

/** Resolves once the process's output satisfies `done` (its log lines arrive asynchronously). */
function outputWhere(roost: RoostProcess, done: (output: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(roost.output())) return;
      roost.child.stdout!.off('data', check);
      resolve(roost.output());
    };
    roost.child.stdout!.on('data', check);
    check();
  });
}

if (engine === 'postgres') {
  describe('Roost under node:cluster on PostgreSQL', () => {
    let started: Awaited<ReturnType<typeof startBuiltRoost>>;
    beforeAll(async () => {
      // The demo seed too: both processes start together with SEED_DEMO=true.
      started = await startBuiltRoost('cluster', { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
    });
    afterAll(async () => {
      await started?.stop();
    });

    it('serves from two processes, and runs the background jobs in one', async () => {
      const { roost } = started;
      expect(roost.output()).toMatch(/Roost is ready at \S+ \(2 processes\)/);
      const seen = await workersAnswering(roost.url, (workers) => workers.size === 2);
      expect(seen.size).toBe(2);
      expect(jobsPids(roost.output())).toHaveLength(1);
      expect(roost.output()).toContain('demo listings seeded');
    });

    // A replacement starts as any process does (migration check, seed check): seconds, or a
    // minute on a loaded machine.
    it(
      'replaces a process that dies, with the jobs moving to its replacement',
      { timeout: 240_000 },
      async () => {
        const { roost } = started;
        const [jobsPid] = jobsPids(roost.output());
        const children = execFileSync('pgrep', ['-P', String(roost.child.pid)], {
          encoding: 'utf8',
        });
        expect(children.split('\n')).toContain(jobsPid);
        process.kill(Number(jobsPid), 'SIGKILL');
        // The replacement runs the jobs once listening; it is the cluster's third process.
        const pids = jobsPids(await outputWhere(roost, (output) => jobsPids(output).length > 1));
        expect(pids).toHaveLength(2);
        const seen = await workersAnswering(roost.url, (workers) => workers.has(3));
        expect(seen.has(3)).toBe(true);
        expect(pids[1]).not.toBe(jobsPid);
      },
    );

    it('stops every process on SIGTERM and exits cleanly', async () => {
      const { roost } = started;
      const children = execFileSync('pgrep', ['-P', String(roost.child.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
      expect(children).toHaveLength(2);
      roost.child.kill('SIGTERM');
      expect(await roost.exited).toBe(0);
      for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
    });
  });
} else {
  describe('WEB_CONCURRENCY on PGlite', () => {
    it('is refused above 1, saying why, before anything starts', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-cluster-refused-'));
      try {
        await expect(
          startRoost({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '2' }),
        ).rejects.toThrow(/WEB_CONCURRENCY must be 1 with the embedded PGlite database/);
        // Refused before anything was made there.
        expect(fs.readdirSync(dataDir)).toEqual([]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
