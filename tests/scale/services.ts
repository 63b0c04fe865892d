import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; the two methods used here are typed below.
import S3rverModule from 's3rver';

/**
 * The shared services a many-instance Roost needs, each on a port the scale test owns: its own
 * Redis (never the shared one on 6379, which other people use), an S3-compatible store (s3rver),
 * a TCP proxy in front of PostgreSQL that the test can cut, and HAProxy with the repository's
 * example configuration (deploy/haproxy.cfg).
 */

/** Resolves once `port` on 127.0.0.1 accepts connections; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether a program is on PATH. */
export function hasProgram(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export interface OwnRedis {
  url: string;
  /** Stops the server (no save); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A `redis-server` of the test's own, with no persistence, on `port`. */
export async function startOwnRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const started = child;
    await waitForPort(port);
    // Another process already on the port (say a Redis left by an interrupted run) would be
    // answering instead, and stopping ours would stop nothing.
    if (started.exitCode !== null) {
      throw new Error(`redis-server could not listen on ${port}: is the port in use?`);
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rverServer = S3rverModule as new (options: object) => S3rver;

/** s3rver (an S3 API over local files) with one bucket; answers the S3_* settings to use. */
export async function startS3(port: number, directory: string, bucket: string) {
  const server = new S3rverServer({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

export interface CuttableProxy {
  port: number;
  /** Drops every connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy from `port` to `target`, which the test can cut as an outage would. */
export async function startTcpProxy(port: number, target: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
  await listen();
  return { port, cut: close, restore: listen, close };
}

export interface Balancer {
  url: string;
  output(): string;
  close(): Promise<void>;
}

/**
 * HAProxy from Debian with deploy/haproxy.cfg, the configuration docs/deploy.md gives operators:
 * its addresses come from the environment, so the test runs the very file.
 */
export async function startHaproxy(options: {
  port: number;
  servers: number[];
}): Promise<Balancer> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ROOST_BIND: `127.0.0.1:${options.port}`,
  };
  options.servers.forEach((port, index) => {
    env[`ROOST_SERVER_${index + 1}`] = `127.0.0.1:${port}`;
  });
  const child = spawn('haproxy', ['-db', '-f', path.resolve('deploy/haproxy.cfg')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForPort(options.port),
    exited.then(() => {
      throw new Error(`haproxy exited:\n${output}`);
    }),
  ]);
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: () => output,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
