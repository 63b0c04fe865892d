import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { isNull } from 'drizzle-orm';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest } from '../tests/support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database.ts';
import { createIdentityService, parseIdentityConfig, type IdentityService } from './public.ts';
import { signingKeys } from './schema.ts';
import { SECRET_MISMATCH } from './shared-secrets.ts';

/**
 * Several instances on one shared database (PostgreSQL with DATABASE_URL), each with its own
 * data directory: they agree on the signing keys and the admin credentials, created once in the
 * database by whichever starts first, so what one signs the others accept.
 */
const SECRET = 'shared-secret-shared-secret-shared-secret-01';
let database: TestDatabase;
const started: IdentityService[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const service of started) await service.close();
  await database.destroy();
});

/** One instance: its own empty data directory, the shared database and settings. */
async function startInstance(secret = SECRET): Promise<IdentityService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-instance-'));
  const config = parseIdentityConfig(
    { IDENTITY_SECRET: secret },
    { dataDir, publicUrl: 'https://roost.example', sharedDatabase: true },
  );
  const service = await createIdentityService({
    db: database.db,
    config,
    logger: pino({ level: 'silent' }),
    sendMessage: async () => {},
  });
  started.push(service);
  return service;
}

describe('instances sharing one database', () => {
  it('start together and agree on one signing key and one set of admin credentials', async () => {
    const [first, second, third] = await Promise.all([
      startInstance(),
      startInstance(),
      startInstance(),
    ]);
    const current = await database.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt));
    expect(current).toHaveLength(1);
    expect(await second!.tokens.jwks()).toEqual(await first!.tokens.jwks());

    const credentials = first!.config.adminCredentials;
    expect(credentials.accessKeyId).toMatch(/^RAK[0-9A-F]{20}$/);
    expect(second!.config.adminCredentials).toEqual(credentials);
    expect(third!.config.adminCredentials).toEqual(credentials);

    // A token one instance issued is accepted by another.
    const { accessToken } = await first!.tokens.issue({
      userId: '5f0c2a7e-1111-4222-8333-944455556666',
      username: '5f0c2a7e-1111-4222-8333-944455556666',
      attributes: { email: 'shared@example.com' },
      groups: [],
      clientId: first!.config.clientId,
      scope: 'aws.cognito.signin.user.admin',
      authTime: Math.floor(Date.now() / 1000),
      originJti: 'origin-1',
      eventId: 'event-1',
    });
    expect((await third!.tokens.verifyAccessToken(accessToken)).sub).toBe(
      '5f0c2a7e-1111-4222-8333-944455556666',
    );

    // An admin call signed with the credentials one instance read is accepted by another.
    const served = await serveForTest(express().use(second!.router));
    const client = new CognitoIdentityProviderClient({
      region: first!.config.region,
      endpoint: `${served.base}/idp`,
      credentials,
      maxAttempts: 1,
    });
    try {
      const listed = await client.send(
        new ListUsersCommand({ UserPoolId: second!.config.userPoolId }),
      );
      expect(listed.Users).toEqual([]);
    } finally {
      client.destroy();
      await served.close();
    }
  });

  it('refuses, naming the setting, an instance whose IDENTITY_SECRET differs', async () => {
    await startInstance();
    await expect(startInstance('another-secret-another-secret-another-0001')).rejects.toThrow(
      SECRET_MISMATCH,
    );
  });

  it('will not generate an identity secret per instance', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-instance-'));
    expect(() =>
      parseIdentityConfig(
        {},
        { dataDir, publicUrl: 'https://roost.example', sharedDatabase: true },
      ),
    ).toThrow(/^Invalid configuration: IDENTITY_SECRET must be set with DATABASE_URL: /);
    expect(fs.existsSync(path.join(dataDir, 'identity'))).toBe(false);
  });
});
