import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SHARED_TEST_SETTINGS } from './shared-settings.ts';
import { createPostgresDatabase, testDatabaseKind } from './test-database.ts';

/** Roost run as an operator runs it (`server/main.ts`, serving the production web build). */
export interface RoostProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts Roost on free ports with `env` over the test's own; resolves once it says it's ready. */
export async function startRoost(
  env: Record<string, string>,
  /** Node options that NODE_OPTIONS refuses (`--cpu-prof` for `npm run bench:load`). */
  nodeArgs: string[] = [],
): Promise<RoostProcess> {
  const port = await freePort();
  const httpsPort = await freePort();
  // A shared database needs the settings every instance must share (server/config.ts).
  const shared = env.DATABASE_URL
    ? { PUBLIC_URL: `http://localhost:${env.PORT ?? port}`, ...SHARED_TEST_SETTINGS }
    : {};
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HTTPS_PORT: String(httpsPort),
      ...shared,
      // One process (its pid is the child's) unless a test asks for the cluster.
      WEB_CONCURRENCY: '1',
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
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 240_000);
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

/** Stops it as Ctrl-C would; resolves with its exit code. */
export async function stopRoost(started: RoostProcess): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exited;
}

/**
 * Roost as `npm start` serves it (production build, demo seeded) on its own temporary data, on
 * PGlite or a new PostgreSQL database as the test project says; `stop` removes all of it.
 */
export async function startBuiltRoost(
  name: string,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ roost: RoostProcess; dataDir: string; stop: () => Promise<void> }> {
  if (!fs.existsSync('build/server/index.js')) {
    throw new Error('No web build: run `npx tsx scripts/ensure-build.ts` (npm test does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `roost-${name}-`));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let dropDatabase = async () => {};
  if (testDatabaseKind() === 'postgres') {
    const database = await createPostgresDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  const roost = await startRoost(env, nodeArgs);
  const stop = async () => {
    await stopRoost(roost);
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { roost, dataDir, stop };
}
