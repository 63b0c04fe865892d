import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import express from 'express';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database.ts';
import type { IdentityLimits } from './context.ts';
import type { OutgoingMessage } from './delivery/message-sender.ts';
import { createIdentityService, parseIdentityConfig, type IdentityService } from './public.ts';

export interface RunningIdentity {
  url: string;
  service: IdentityService;
  database: TestDatabase;
  messages: OutgoingMessage[];
  /** The newest six-digit code sent to `to`. */
  lastCode(to: string): string;
  admin: CognitoIdentityProviderClient;
  /** A client that makes only public calls, as an app does (no real credentials). */
  publicClient(): CognitoIdentityProviderClient;
  stop(): Promise<void>;
}

/** A user pool on a random local port, backed by a fresh test database. */
export async function startTestIdentity(
  options: { env?: Record<string, string>; limits?: Partial<IdentityLimits> } = {},
): Promise<RunningIdentity> {
  const database = await createTestDatabase();
  let app: express.Express = express();
  const server = http.createServer((req, res) => app(req, res));
  // Longer than any pause between a test's calls on a busy machine: Node's 5 s default can close
  // a kept-alive socket just as the SDK (one attempt, no retry) sends on it: 'socket hang up'.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-identity-'));
  const config = parseIdentityConfig(
    {
      IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123',
      IDENTITY_ADMIN_ACCESS_KEY_ID: 'RAKTESTACCESSKEY0001',
      IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'test-secret-access-key-0000000000',
      ...options.env,
    },
    { dataDir, publicUrl: url },
  );
  const messages: OutgoingMessage[] = [];
  const service = await createIdentityService({
    db: database.db,
    config,
    logger: pino({ level: 'silent' }),
    sendMessage: async (message) => {
      messages.push(message);
    },
    limits: { anonymousRequestsPerHour: 10_000, ...options.limits },
  });
  app = express();
  app.set('trust proxy', 'loopback');
  app.use(service.router);
  const admin = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: `${url}/idp`,
    credentials: config.adminCredentials,
    maxAttempts: 1,
  });
  return {
    url,
    service,
    database,
    messages,
    admin,
    lastCode(to) {
      const message = messages.findLast((item) => item.to.toLowerCase() === to.toLowerCase());
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`No code sent to ${to}`);
      return code;
    },
    publicClient() {
      return new CognitoIdentityProviderClient({
        region: config.region,
        endpoint: `${url}/idp`,
        credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'unused' },
        maxAttempts: 1,
      });
    },
    async stop() {
      admin.destroy();
      await service.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
