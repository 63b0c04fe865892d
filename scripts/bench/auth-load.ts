// Load generation for `npm run bench:auth`: concurrent operations with rate and latency, the
// Cognito JSON protocol, and the same USER_PASSWORD_AUTH sign-ins against `cognito-local`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { rawRequest } from '../../tests/support/raw-request.ts';

export interface Measured {
  rate: number;
  p50: number;
  p95: number;
  max: number;
}

/** Runs `total` operations, `concurrency` at a time; rate and latency percentiles. */
export async function measure(
  total: number,
  concurrency: number,
  operation: (index: number) => Promise<void>,
): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const begin = performance.now();
        await operation(index);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { rate: total / seconds, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** CPU milliseconds a process has used so far (Linux `/proc`); NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), counted from the state field (3rd).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

// Node's own HTTP client on kept-alive sockets: about a third of `fetch`'s CPU a call, which the
// load generator would otherwise take from the machine the server under test shares.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export async function callAt(endpoint: string, target: string, body: unknown) {
  const payload = JSON.stringify(body);
  const response = await rawRequest(endpoint, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'content-length': Buffer.byteLength(payload),
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: payload,
  });
  const json = JSON.parse(response.bytes.toString('utf8')) as unknown;
  if (response.status >= 400) throw new Error(`${target}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * The same USER_PASSWORD_AUTH sign-ins against the `cognito-local` emulator (a devDependency for
 * this comparison only), run as its own process on the same machine. Returns why it was skipped
 * when the package is not installed.
 */
export async function measureCognitoLocal(
  userCount: number,
  total: number,
  concurrency: number,
  password: string,
): Promise<(Measured & { version: string; cpuMs: number }) | string> {
  const require = createRequire(import.meta.url);
  let start: string;
  let version: string;
  try {
    const manifest = require.resolve('cognito-local/package.json');
    version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
    start = path.join(path.dirname(manifest), 'lib/bin/start.js');
  } catch {
    return 'the cognito-local package is not installed: npm install --save-dev cognito-local@5.3.0';
  }
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const free = (probe.address() as { port: number }).port;
      probe.close(() => resolve(free));
    });
  });
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-cognito-local-'));
  const emulator = spawn(process.execPath, [start], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      emulator.once('exit', (code) => reject(new Error(`cognito-local exited (${code})`)));
      emulator.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Cognito Local running')) resolve();
      });
    });
    emulator.stdout!.resume();
    const endpoint = `http://127.0.0.1:${port}/`;
    const pool = (await callAt(endpoint, 'CreateUserPool', { PoolName: 'bench' })) as {
      UserPool: { Id: string };
    };
    const client = (await callAt(endpoint, 'CreateUserPoolClient', {
      UserPoolId: pool.UserPool.Id,
      ClientName: 'bench',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    })) as { UserPoolClient: { ClientId: string } };
    process.stdout.write(`cognito-local ${version}: creating ${userCount} users…\n`);
    const users: string[] = [];
    for (let i = 0; i < userCount; i += 1) {
      const email = `bench${i}@roost.test`;
      await callAt(endpoint, 'AdminCreateUser', {
        UserPoolId: pool.UserPool.Id,
        Username: email,
        MessageAction: 'SUPPRESS',
      });
      await callAt(endpoint, 'AdminSetUserPassword', {
        UserPoolId: pool.UserPool.Id,
        Username: email,
        Password: password,
        Permanent: true,
      });
      users.push(email);
    }
    const signIn = async (index: number) => {
      const result = (await callAt(endpoint, 'InitiateAuth', {
        ClientId: client.UserPoolClient.ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: users[index % users.length], PASSWORD: password },
      })) as { AuthenticationResult?: { AccessToken?: string } };
      if (!result.AuthenticationResult?.AccessToken) throw new Error('No tokens');
    };
    for (let i = 0; i < users.length; i += 1) await signIn(i); // warm up
    process.stdout.write(`Measuring ${total} cognito-local USER_PASSWORD_AUTH sign-ins…\n`);
    const before = processCpuMs(emulator.pid);
    const measured = await measure(total, concurrency, signIn);
    return { ...measured, version, cpuMs: (processCpuMs(emulator.pid) - before) / total };
  } finally {
    emulator.kill();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}
