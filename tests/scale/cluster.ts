import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { simpleParser } from '../../server/mail/parse-eml.ts';
import { onTestServer, testServerUrl } from '../support/postgres-template.ts';
import { spawnRoost, type RoostProcess } from './spawn-roost.ts';
import {
  hasProgram,
  startHaproxy,
  startOwnRedis,
  startS3,
  startTcpProxy,
  waitForPort,
  type Balancer,
  type CuttableProxy,
  type OwnRedis,
} from './services.ts';

/**
 * Roost as an operator runs it at scale (docs/deploy.md): INSTANCES processes of the production
 * build on one fresh PostgreSQL database (through a proxy the test can cut), one Redis of the
 * test's own, one S3-compatible store and HAProxy, every shared setting the same and only the
 * ports and DATA_DIR different. Ports are fixed from SCALE_PORT_BASE (default 8400).
 */
export const INSTANCES = 3;
const PORT_BASE = Number(process.env.SCALE_PORT_BASE ?? 8400);
export const ports = {
  balancer: PORT_BASE,
  instance: (n: number) => PORT_BASE + 1 + n,
  https: (n: number) => PORT_BASE + 11 + n,
  redis: PORT_BASE + 20,
  s3: PORT_BASE + 21,
  postgres: PORT_BASE + 22,
  /** For a process started only to see it refuse (a setting left out). */
  spare: PORT_BASE + 30,
  spareHttps: PORT_BASE + 31,
};

export interface Instance {
  n: number;
  url: string;
  dataDir: string;
  process: RoostProcess;
}

export interface Cluster {
  root: string;
  database: { name: string; url: string; viaProxy: string };
  redis: OwnRedis;
  postgresProxy: CuttableProxy;
  balancer: Balancer;
  instances: Instance[];
  /** The settings every instance shares. */
  sharedEnv: Record<string, string>;
  /** What went wrong when all instances were started at once (empty: they all started). */
  startFailures: string[];
  /** Starts instance n (0-based) again, as after a crash. */
  restart(n: number): Promise<Instance>;
  /** A query on the cluster's database, straight to PostgreSQL (not through the proxy). */
  query<Row extends object>(sql: string, values?: unknown[]): Promise<Row[]>;
  /** Every e-mail any instance sent (their outboxes are one directory). */
  mails(): { file: string; to: string; subject: string; body: string }[];
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function readMails(outbox: string) {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      const parsed = simpleParser(raw);
      const [, ...rest] = raw.split(/\r?\n\r?\n/);
      return {
        file,
        to: parsed.headers.to ?? '',
        subject: parsed.headers.subject ?? '',
        body: decodeQuotedPrintable(rest.join('\n\n')),
      };
    });
}

/**
 * What has been started, undone in reverse order by `stopCluster`: also when starting failed or
 * timed out part-way, so no process, port or database outlives the run.
 */
const undo: (() => Promise<unknown>)[] = [];

export async function stopCluster(): Promise<void> {
  for (const step of undo.reverse().splice(0)) await step().catch(() => {});
}

// Long: one start-up sequence with each step's undo beside it, read top to bottom.
export async function startCluster(): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('The scale test needs TEST_DATABASE_URL.');
  const missing = ['haproxy', 'redis-server'].filter((name) => !hasProgram(name));
  if (missing.length > 0) {
    throw new Error(
      `The scale test needs ${missing.join(' and ')} on PATH (apt-get install ${missing.join(' ')}; .ci/run installs them).`,
    );
  }
  if (!fs.existsSync('build/server/index.js')) {
    throw new Error(
      'No web build: run `npx tsx scripts/ensure-build.ts` (npm run test:scale does).',
    );
  }
  const instances: Instance[] = [];
  const stopInstance = async (instance: Instance) => {
    if (instance.process.child.exitCode !== null || instance.process.child.signalCode) return;
    instance.process.child.kill('SIGTERM');
    await instance.process.exited;
  };
  try {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-scale-'));
    undo.push(async () => fs.rmSync(root, { recursive: true, force: true }));
    const name = `roost_scale_${randomBytes(5).toString('hex')}`;
    await onTestServer(`create database ${name}`);
    undo.push(() => onTestServer(`drop database if exists ${name} with (force)`));
    const direct = testServerUrl(name);
    const target = Number(new URL(process.env.TEST_DATABASE_URL).port || 5432);
    const postgresProxy = await startTcpProxy(ports.postgres, target);
    undo.push(() => postgresProxy.close());
    const viaProxyUrl = new URL(direct);
    viaProxyUrl.hostname = '127.0.0.1';
    viaProxyUrl.port = String(ports.postgres);
    const viaProxy = viaProxyUrl.toString();
    const redis = await startOwnRedis(ports.redis);
    undo.push(() => redis.stop());
    const s3 = await startS3(ports.s3, path.join(root, 's3'), 'roost-scale');
    undo.push(() => s3.close());
    const outbox = path.join(root, 'outbox');
    fs.mkdirSync(outbox);
    const publicUrl = `http://127.0.0.1:${ports.balancer}`;
    const sharedEnv: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: viaProxy,
      REDIS_URL: redis.url,
      ...s3.env,
      PUBLIC_URL: publicUrl,
      IDENTITY_SECRET: randomBytes(32).toString('base64url'),
      APP_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'true',
      // Alerts are checked every second and due jobs looked for four times a second, so the
      // alert scenario does not wait a minute; a signed-out search page is kept for 5 minutes,
      // so only cross-instance invalidation (not expiry) can drop a stale one in the test.
      ALERT_INTERVAL_SECONDS: '1',
      JOB_POLL_MS: '250',
      SEARCH_PAGE_CACHE_SECONDS: '300',
      SHUTDOWN_TIMEOUT_MS: '2000',
      // Node's own warnings (the AWS SDK's notice about Node 20 is seven lines on stderr) would
      // hide whether a refusal to start is the one line Roost prints.
      NODE_NO_WARNINGS: '1',
    };
    const pool = new pg.Pool({ connectionString: direct, max: 2 });
    undo.push(() => pool.end());
    undo.push(() => Promise.allSettled(instances.map(stopInstance)));

    const startInstance = async (n: number): Promise<Instance> => {
      const dataDir = path.join(root, `instance-${n + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      // One outbox for all: an e-mail is looked for wherever it was sent from.
      if (!fs.existsSync(path.join(dataDir, 'outbox'))) {
        fs.symlinkSync(outbox, path.join(dataDir, 'outbox'));
      }
      const started = await spawnRoost({
        ...sharedEnv,
        DATA_DIR: dataDir,
        PORT: String(ports.instance(n)),
        HTTPS_PORT: String(ports.https(n)),
      });
      return { n, url: `http://127.0.0.1:${ports.instance(n)}`, dataDir, process: started };
    };

    // All at once, on the empty database, each seeding the demo if it finds none.
    const settled = await Promise.allSettled(
      Array.from({ length: INSTANCES }, (_unused, n) => startInstance(n)),
    );
    const startFailures = settled.flatMap((result, n) =>
      result.status === 'rejected'
        ? [`instance ${n + 1}: ${String(result.reason).slice(0, 3000)}`]
        : [],
    );
    // Those that failed are started again, one by one, so the other scenarios still run on
    // INSTANCES instances (the start-up scenario reports the failure).
    for (const [n, result] of settled.entries()) {
      if (result.status === 'fulfilled') instances[n] = result.value;
    }
    for (const [n, result] of settled.entries()) {
      if (result.status === 'rejected') instances[n] = await startInstance(n);
    }
    await waitForPort(ports.instance(INSTANCES - 1));
    const balancer = await startHaproxy({
      port: ports.balancer,
      servers: instances.map((instance) => ports.instance(instance.n)),
    });
    undo.push(() => balancer.close());

    return {
      root,
      database: { name, url: direct, viaProxy },
      redis,
      postgresProxy,
      balancer,
      instances,
      sharedEnv,
      startFailures,
      restart: async (n) => (instances[n] = await startInstance(n)),
      query: async <Row extends object>(sql: string, values: unknown[] = []) =>
        (await pool.query<Row>(sql, values)).rows,
      mails: () => readMails(outbox),
    };
  } catch (error) {
    await stopCluster();
    throw error;
  }
}
