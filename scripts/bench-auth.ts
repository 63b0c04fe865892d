// `npm run bench:auth -- [--users 200] [--signins 3000] [--concurrency 24]`
//
// Signs in N distinct users through full SRP (InitiateAuth USER_SRP_AUTH, then
// RespondToAuthChallenge PASSWORD_VERIFIER) against the embedded user pool running in a child
// process. The load generator uses the fast OpenSSL-backed SRP client in identity/srp.ts (proven
// equal to Amplify's in identity/srp.test.ts) and prepares its ephemeral keys before the clock
// starts, so it measures the server. Then USER_PASSWORD_AUTH on the same pool, and the same on
// the `cognito-local` emulator (a devDependency) on the same machine.
// Ratios (scripts/bench/ratio-table.ts): the server's CPU per SRP sign-in ÷ that sign-in's
// cryptography alone, timed in the server's process (scripts/bench/srp-floor.ts), ≤ 2; Roost's
// USER_PASSWORD_AUTH rate ÷ cognito-local's, ≥ 4. Sign-ins/s and latencies are for reference.
// DATABASE_URL selects PostgreSQL; otherwise PGlite in a temporary directory.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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
import { reportRatios } from './bench/ratio-table.ts';
import { callAt, measure, measureCognitoLocal, type Measured } from './bench/auth-load.ts';
import { srpCryptoCpuMs } from './bench/srp-floor.ts';

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
    if (message === 'floor') {
      process.send!({ floorMs: await srpCryptoCpuMs(200) });
      return;
    }
    server.close();
    await service.close();
    await database.close();
    process.exit(0);
  });
}

type Child = ReturnType<typeof fork>;

/** The next message from the child server (after sending `request`, if given). */
function fromChild<T>(child: Child, request?: string): Promise<T> {
  const answer = new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  if (request) child.send(request);
  return answer;
}

/** The identity server in a child process (`--serve`), so its CPU time is its own. */
async function startServer(dataDir: string) {
  const child = fork(process.argv[1]!, ['--serve'], {
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
  });
  const started = await fromChild<{ url: string; poolId: string; clientId: string }>(child);
  return { child, ...started };
}

async function createUsers(endpoint: string, poolId: string, count: number, password: string) {
  const admin = new CognitoIdentityProviderClient({
    region: 'eu-west-2',
    endpoint,
    credentials: {
      accessKeyId: env.IDENTITY_ADMIN_ACCESS_KEY_ID,
      secretAccessKey: env.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
    },
  });
  process.stdout.write(`Creating ${count} users…\n`);
  const users: string[] = [];
  for (let i = 0; i < count; i += 1) {
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
  return users;
}

/** A full SRP sign-in (InitiateAuth, then PASSWORD_VERIFIER) with a prepared ephemeral key. */
function srpSignIn(pool: {
  endpoint: string;
  clientId: string;
  poolName: string;
  password: string;
}) {
  const { endpoint, clientId, poolName, password } = pool;
  const call = (target: string, body: unknown) => callAt(endpoint, target, body);
  // Per user, x and g^x depend only on salt and password: a real client computes them per sign-in,
  // the load generator once, so that the measurement is the server's work.
  const gx = new Map<string, { x: bigint; gx: bigint }>();
  return async (email: string, ephemeral: { a: bigint; A: bigint }) => {
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
}

const ownCpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};

async function serverCpuMs(child: Child) {
  const { cpu } = await fromChild<{ cpu: NodeJS.CpuUsage }>(child, 'cpu');
  return (cpu.user + cpu.system) / 1000;
}

interface Results {
  userCount: number;
  total: number;
  concurrency: number;
  srp: Measured;
  srpServerMs: number;
  srpClientMs: number;
  plain: Measured;
  plainServerMs: number;
  plainClientMs: number;
  local: Awaited<ReturnType<typeof measureCognitoLocal>>;
  floorMs: number;
}

function report(r: Results) {
  const line = (name: string, m: Measured) =>
    `${name}: ${m.rate.toFixed(1)} sign-ins/s, p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms`;
  process.stdout.write(
    [
      `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; users: ${r.userCount}; sign-ins: ${r.total}; concurrency: ${r.concurrency}; cores: ${os.availableParallelism()}; load: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      line('Roost USER_PASSWORD_AUTH', r.plain),
      `USER_PASSWORD_AUTH CPU a sign-in: server ${r.plainServerMs.toFixed(2)} ms, load generator ${r.plainClientMs.toFixed(2)} ms`,
      typeof r.local === 'string'
        ? `cognito-local USER_PASSWORD_AUTH: skipped (${r.local})`
        : `${line(`cognito-local ${r.local.version} USER_PASSWORD_AUTH`, r.local)} — Roost is ${(r.plain.rate / r.local.rate).toFixed(2)}× its rate; its CPU a sign-in ${r.local.cpuMs.toFixed(2)} ms`,
      `SRP latency p50: ${r.srp.p50.toFixed(1)} ms, p95: ${r.srp.p95.toFixed(1)} ms, max: ${r.srp.max.toFixed(1)} ms`,
      `SRP CPU a sign-in: server ${r.srpServerMs.toFixed(2)} ms, load generator ${r.srpClientMs.toFixed(2)} ms`,
      `SRP sign-ins per second: ${r.srp.rate.toFixed(1)}`,
      '',
    ].join('\n'),
  );
  reportRatios([
    {
      bench: 'bench:auth',
      measure: 'server CPU per SRP sign-in',
      figure: { value: r.srpServerMs, unit: 'ms' },
      floor: { name: '3 modPow + 2 RS256 signatures', value: r.floorMs, unit: 'ms' },
      target: { atMost: 2 },
    },
    {
      bench: 'bench:auth',
      measure: 'USER_PASSWORD_AUTH sign-ins/s',
      figure: { value: r.plain.rate, unit: '/s' },
      floor:
        typeof r.local === 'string'
          ? { name: 'cognito-local (not installed)', value: NaN, unit: '/s' }
          : { name: `cognito-local ${r.local.version}`, value: r.local.rate, unit: '/s' },
      target: { atLeast: 4 },
    },
    {
      bench: 'bench:auth',
      measure: 'SRP sign-ins/s (reference)',
      figure: { value: r.srp.rate, unit: '/s' },
    },
  ]);
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
  const { child, url, poolId, clientId } = await startServer(dataDir);
  const endpoint = `${url}/idp`;
  const password = 'Bench-pass-123';
  const users = await createUsers(endpoint, poolId, userCount, password);
  const poolName = poolId.split('_')[1]!;
  const signIn = srpSignIn({ endpoint, clientId, poolName, password });

  process.stdout.write('Warming up (one sign-in per user)…\n');
  for (let i = 0; i < users.length; i += concurrency) {
    await Promise.all(
      users.slice(i, i + concurrency).map((email) => signIn(email, createClientEphemeral())),
    );
  }
  const ephemerals = Array.from({ length: total }, () => createClientEphemeral());

  process.stdout.write(`Measuring ${total} SRP sign-ins with ${concurrency} in flight…\n`);
  const [serverBefore, ownBefore] = [await serverCpuMs(child), ownCpuMs()];
  const srp = await measure(total, concurrency, (index) =>
    signIn(users[index % users.length]!, ephemerals[index]!),
  );
  // CPU a sign-in on each side: the server's is what the code costs; the load generator's shows
  // whether the two shared the machine's cores fairly.
  const srpServerMs = ((await serverCpuMs(child)) - serverBefore) / total;
  const srpClientMs = (ownCpuMs() - ownBefore) / total;
  const passwordSignIn = (target: string) => async (index: number) => {
    const result = (await callAt(target, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: users[index % users.length], PASSWORD: password },
    })) as { AuthenticationResult?: { AccessToken?: string } };
    if (!result.AuthenticationResult?.AccessToken) throw new Error('No tokens');
  };
  process.stdout.write(`Measuring ${total} USER_PASSWORD_AUTH sign-ins…\n`);
  const [plainServerBefore, plainOwnBefore] = [await serverCpuMs(child), ownCpuMs()];
  const plain = await measure(total, concurrency, passwordSignIn(endpoint));
  const plainServerMs = ((await serverCpuMs(child)) - plainServerBefore) / total;
  const plainClientMs = (ownCpuMs() - plainOwnBefore) / total;
  process.stdout.write('Timing the cryptography of a sign-in alone in the server process…\n');
  const { floorMs } = await fromChild<{ floorMs: number }>(child, 'floor');
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });

  const local = await measureCognitoLocal(userCount, total, concurrency, password);
  report({
    userCount,
    total,
    concurrency,
    srp,
    srpServerMs,
    srpClientMs,
    plain,
    plainServerMs,
    plainClientMs,
    local,
    floorMs,
  });
}

if (process.argv.includes('--serve')) await serve();
else await bench();
