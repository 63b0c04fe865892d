// `npm run bench:auth -- [--users 200] [--signins 3000] [--concurrency 24]`
//
// Signs in N distinct users through full SRP (InitiateAuth USER_SRP_AUTH, then
// RespondToAuthChallenge PASSWORD_VERIFIER) against the embedded user pool running in a child
// process, and reports sign-ins per second and p50/p95 latency. The load generator uses the fast
// OpenSSL-backed SRP client in identity/srp.ts (proven equal to Amplify's in identity/srp.test.ts)
// and prepares its ephemeral keys before the clock starts, so it measures the server.
// Then USER_PASSWORD_AUTH on the same pool, and side by side the same on the `cognito-local`
// emulator when that package is installed (skipped with a message otherwise). The SRP figure is
// printed last; the process fails below 150 sign-ins/s.
// DATABASE_URL selects PostgreSQL; otherwise PGlite in a temporary directory.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import express from 'express';
import pino from 'pino';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { createIdentityService, parseIdentityConfig } from '../identity/public.ts';
import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  g,
  modPow,
  srpTimestamp,
} from '../identity/srp.ts';

const env = {
  IDENTITY_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  IDENTITY_ADMIN_ACCESS_KEY_ID: 'RAKBENCHACCESSKEY001',
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'bench-secret-access-key-000000000',
};

async function serve() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const database = await openDatabase(
    databaseTarget({
      databaseUrl: process.env.DATABASE_URL,
      dataDir,
      initialCluster: initialClusterFile(),
    }),
  );
  await prepareDatabase(database);
  let app = express();
  const server = http.createServer((req, res) => app(req, res));
  // On a loaded machine the event loop can stall past Node's 5 s keep-alive, and the server would
  // close a socket the load generator is about to reuse ('other side closed').
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const service = await createIdentityService({
    db: database.db,
    config: parseIdentityConfig(env, { dataDir, publicUrl: url }),
    logger: pino({ level: 'warn' }),
    sendMessage: async () => {},
    limits: { anonymousRequestsPerHour: 1_000_000, signInRequestsPerMinute: 1_000_000 },
  });
  app = express();
  app.use(service.router);
  process.send!({ url, poolId: service.config.userPoolId, clientId: service.config.clientId });
  process.on('message', async (message) => {
    if (message === 'cpu') {
      process.send!({ cpu: process.cpuUsage() });
      return;
    }
    server.close();
    await service.close();
    await database.close();
    process.exit(0);
  });
}

async function bench() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      signins: { type: 'string', default: '3000' },
      concurrency: { type: 'string', default: '24' },
    },
  });
  const userCount = Number(values.users);
  const total = Number(values.signins);
  const concurrency = Number(values.concurrency);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-'));
  const child = fork(process.argv[1]!, ['--serve'], {
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
  });
  const { url, poolId, clientId } = await new Promise<{
    url: string;
    poolId: string;
    clientId: string;
  }>((resolve) => child.once('message', (m) => resolve(m as never)));
  const poolName = poolId.split('_')[1]!;
  const endpoint = `${url}/idp`;
  const admin = new CognitoIdentityProviderClient({
    region: 'eu-west-2',
    endpoint,
    credentials: {
      accessKeyId: env.IDENTITY_ADMIN_ACCESS_KEY_ID,
      secretAccessKey: env.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
    },
  });
  const password = 'Bench-pass-123';
  process.stdout.write(`Creating ${userCount} users…\n`);
  const users: string[] = [];
  for (let i = 0; i < userCount; i += 1) {
    const email = `bench${i}@roost.test`;
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
      }),
    );
    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    users.push(email);
  }
  admin.destroy();

  const call = async (target: string, body: unknown) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`${target}: ${JSON.stringify(json)}`);
    return json;
  };

  // Per user, x and g^x depend only on salt and password: a real client computes them per sign-in,
  // the load generator once, so that the measurement is the server's work.
  const gx = new Map<string, { x: bigint; gx: bigint }>();
  const signIn = async (email: string, ephemeral: { a: bigint; A: bigint }) => {
    const initiated = (await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: ephemeral.A.toString(16) },
    })) as { ChallengeParameters: Record<string, string> };
    const p = initiated.ChallengeParameters;
    let cached = gx.get(email);
    if (!cached) {
      const x = computeX(p.SALT!, poolName, p.USER_ID_FOR_SRP!, password);
      cached = { x, gx: modPow(g, x) };
      gx.set(email, cached);
    }
    const key = clientSessionKey({
      ...ephemeral,
      B: BigInt(`0x${p.SRP_B}`),
      x: cached.x,
      gx: cached.gx,
    });
    const timestamp = srpTimestamp();
    const result = (await call('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: p.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: claimSignature(
          key,
          poolName,
          p.USER_ID_FOR_SRP!,
          p.SECRET_BLOCK!,
          timestamp,
        ),
      },
    })) as { AuthenticationResult?: { AccessToken?: string } };
    if (!result.AuthenticationResult?.AccessToken) throw new Error('No tokens');
  };

  process.stdout.write('Warming up (one sign-in per user)…\n');
  for (let i = 0; i < users.length; i += concurrency) {
    await Promise.all(
      users.slice(i, i + concurrency).map((email) => signIn(email, createClientEphemeral())),
    );
  }
  const ephemerals = Array.from({ length: total }, () => createClientEphemeral());

  process.stdout.write(`Measuring ${total} SRP sign-ins with ${concurrency} in flight…\n`);
  const serverCpu = async () => {
    child.send('cpu');
    const { cpu } = await new Promise<{ cpu: NodeJS.CpuUsage }>((resolve) =>
      child.once('message', (m) => resolve(m as never)),
    );
    return (cpu.user + cpu.system) / 1000;
  };
  const ownCpu = () => {
    const cpu = process.cpuUsage();
    return (cpu.user + cpu.system) / 1000;
  };
  const [serverBefore, ownBefore] = [await serverCpu(), ownCpu()];
  const srp = await measure(total, concurrency, (index) =>
    signIn(users[index % users.length]!, ephemerals[index]!),
  );
  // CPU a sign-in on each side: the server's is what the code costs; the load generator's shows
  // whether the two shared the machine's cores fairly.
  const srpServerMs = ((await serverCpu()) - serverBefore) / total;
  const srpClientMs = (ownCpu() - ownBefore) / total;
  const passwordSignIn = (target: string) => async (index: number) => {
    const result = (await callAt(target, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: users[index % users.length], PASSWORD: password },
    })) as { AuthenticationResult?: { AccessToken?: string } };
    if (!result.AuthenticationResult?.AccessToken) throw new Error('No tokens');
  };
  process.stdout.write(`Measuring ${total} USER_PASSWORD_AUTH sign-ins…\n`);
  const plain = await measure(total, concurrency, passwordSignIn(endpoint));
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });

  const local = await measureCognitoLocal(userCount, total, concurrency, password);
  const line = (name: string, m: Measured) =>
    `${name}: ${m.rate.toFixed(1)} sign-ins/s, p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms`;
  process.stdout.write(
    [
      `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; users: ${userCount}; sign-ins: ${total}; concurrency: ${concurrency}; cores: ${os.availableParallelism()}; load: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      line('Roost USER_PASSWORD_AUTH', plain),
      typeof local === 'string'
        ? `cognito-local USER_PASSWORD_AUTH: skipped (${local})`
        : `${line(`cognito-local ${local.version} USER_PASSWORD_AUTH`, local)} — Roost is ${(plain.rate / local.rate).toFixed(2)}× its rate`,
      `SRP latency p50: ${srp.p50.toFixed(1)} ms, p95: ${srp.p95.toFixed(1)} ms, max: ${srp.max.toFixed(1)} ms`,
      `SRP CPU a sign-in: server ${srpServerMs.toFixed(2)} ms, load generator ${srpClientMs.toFixed(2)} ms`,
      `SRP sign-ins per second: ${srp.rate.toFixed(1)} (target ≥ 150)`,
      '',
    ].join('\n'),
  );
  if (srp.rate < 150) process.exitCode = 1;
}

interface Measured {
  rate: number;
  p50: number;
  p95: number;
  max: number;
}

/** Runs `total` operations, `concurrency` at a time; rate and latency percentiles. */
async function measure(
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

async function callAt(endpoint: string, target: string, body: unknown) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${target}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * The same USER_PASSWORD_AUTH sign-ins against the `cognito-local` emulator (a devDependency for
 * this comparison only), run as its own process on the same machine. Returns why it was skipped
 * when the package is not installed.
 */
async function measureCognitoLocal(
  userCount: number,
  total: number,
  concurrency: number,
  password: string,
): Promise<(Measured & { version: string }) | string> {
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
    return { ...(await measure(total, concurrency, signIn)), version };
  } finally {
    emulator.kill();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await bench();
