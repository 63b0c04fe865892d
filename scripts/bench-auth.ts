// `npm run bench:auth -- [--users 200] [--signins 3000] [--concurrency 24]`
//
// Signs in N distinct users through full SRP (InitiateAuth USER_SRP_AUTH, then
// RespondToAuthChallenge PASSWORD_VERIFIER) against the embedded user pool running in a child
// process, and reports sign-ins per second and p50/p95 latency. The load generator uses the fast
// OpenSSL-backed SRP client in identity/srp.ts (proven equal to Amplify's in identity/srp.test.ts)
// and prepares its ephemeral keys before the clock starts, so it measures the server.
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
import { migrateDatabase } from '../db/migrate.ts';
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
    databaseTarget({ databaseUrl: process.env.DATABASE_URL, dataDir }),
  );
  await migrateDatabase(database);
  let app = express();
  const server = http.createServer((req, res) => app(req, res));
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
  process.on('message', async () => {
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
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const begin = performance.now();
        await signIn(users[index % users.length]!, ephemerals[index]!);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const rate = total / seconds;
  process.stdout.write(
    [
      `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; users: ${userCount}; sign-ins: ${total}; concurrency: ${concurrency}; cores: ${os.availableParallelism()}`,
      `SRP sign-ins per second: ${rate.toFixed(1)}`,
      `latency p50: ${at(0.5).toFixed(1)} ms, p95: ${at(0.95).toFixed(1)} ms, max: ${at(1).toFixed(1)} ms`,
      '',
    ].join('\n'),
  );
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (rate < 150) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else await bench();
