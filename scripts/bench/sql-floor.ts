// Floors for `npm run bench:search`: the same SQL the search use case sent, replayed straight
// through the driver; and PostgreSQL's own `pgbench -S` latency on the same server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { percentile } from './ratio-table.ts';

interface Statement {
  text: string;
  params: unknown[];
  started: number;
  ended: number;
}

type Query = (query: unknown, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;

/**
 * Wraps the driver under a Drizzle database (a `pg.Pool` or a PGlite: drizzle's `$client`, whose
 * `query` both drivers share), so a search's statements can be recorded, with when each was sent
 * and answered, and sent again through the driver alone.
 */
export function statementRecorder(db: Database) {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const query: Query = client.query.bind(client);
  let recording: Statement[] | undefined;
  client.query = async (sent, params, ...rest) => {
    const started = performance.now();
    try {
      return await query(sent, params, ...rest);
    } finally {
      const text = typeof sent === 'string' ? sent : (sent as { text: string }).text;
      recording?.push({ text, params: params ?? [], started, ended: performance.now() });
    }
  };
  return {
    /** Runs `work`, returning the statements it sent. */
    async record(work: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await work();
        return recording.sort((a, b) => a.started - b.started);
      } finally {
        recording = undefined;
      }
    },
    /**
     * Sends the statements again through the driver with the same overlap: each waits only for
     * those that had been answered before it was sent (the use case's `Promise.all`s).
     */
    async replay(statements: Statement[]): Promise<void> {
      const answered: Promise<unknown>[] = [];
      for (const statement of statements) {
        const before = statements
          .map((other, index) => (other.ended <= statement.started ? answered[index] : undefined))
          .filter(Boolean);
        answered.push(Promise.all(before).then(() => query(statement.text, statement.params)));
      }
      await Promise.all(answered);
    },
  };
}

/**
 * p95 of `pgbench -S` (one SELECT by primary key a transaction, one client) on a scratch database
 * of the same server; undefined when pgbench is not installed.
 */
export async function pgbenchSelectP95(serverUrl: string, seconds: number) {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const name = `roost_bench_pgbench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-pgbench-'));
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
    execFileSync(
      'pgbench',
      [
        '-S',
        '-n',
        '-c',
        '1',
        '-T',
        String(seconds),
        '-l',
        `--log-prefix=${path.join(dir, 'log')}`,
        url.toString(),
      ],
      { stdio: 'ignore' },
    );
    // Each line: client, transaction, latency in µs, script, epoch seconds, µs.
    const latencies = fs
      .readdirSync(dir)
      .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    return percentile(latencies, 95);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/** Without pgbench: the same kind of statement (a listing by primary key) through the driver. */
export async function primaryKeySelectP95(db: Database, ids: number[]) {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const query: Query = client.query.bind(client);
  const latencies: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    await query('select * from market.listings where id = $1', [id]);
    latencies.push(performance.now() - started);
  }
  return percentile(
    latencies.sort((a, b) => a - b),
    95,
  );
}
