import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig as parseConfigIn } from './config.ts';

// Identity's settings keep their generated secrets under DATA_DIR: a scratch one, not ./data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const parseConfig = (env: NodeJS.ProcessEnv) => parseConfigIn({ DATA_DIR: dataDir, ...env });

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.webConcurrency).toBe(1);
    // Amazon Cognito's settings keep no secret of ours on disk, so ./data is left alone.
    const cognito = { COGNITO_USER_POOL_ID: 'eu-west-2_abc', COGNITO_CLIENT_ID: 'c' };
    const unset = parseConfigIn({
      AUTH_PROVIDER: 'cognito',
      COGNITO_REGION: 'eu-west-2',
      ...cognito,
    });
    expect(unset.dataDir).toBe(path.resolve('data'));
  });

  it('reads each part’s settings once, into the one object', () => {
    const config = parseConfig({ MEDIA_MAX_PHOTOS: '12', MAIL_FROM: 'Roost <a@roost.test>' });
    expect(config.media.maxPhotos).toBe(12);
    expect(config.media.store).toEqual({ kind: 'local', root: expect.stringContaining(dataDir) });
    expect(config.mail.from).toBe('Roost <a@roost.test>');
    expect(config.payments.provider.kind).not.toBe('stripe');
    expect(config.identity.provider).toBe('embedded');
    expect(config.identity.publicUrl).toBe(config.publicUrl);
  });

  it.each([
    [{ MEDIA_MAX_PHOTOS: 'lots' }, 'MEDIA_MAX_PHOTOS'],
    [{ SMTP_URL: 'mail.example' }, 'SMTP_URL'],
    [{ AUTH_PROVIDER: 'cognito' }, 'COGNITO_USER_POOL_ID'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
  ])('reports a part’s bad setting %o in one line naming %s', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`));
  });

  it('runs one process per core with PostgreSQL, unless WEB_CONCURRENCY says', () => {
    const onPostgres = {
      DATABASE_URL: 'postgres://127.0.0.1:5432/roost',
      IDENTITY_SECRET: 'a-shared-identity-secret-of-32-characters',
      APP_SECRET: 'a-shared-app-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://roost.example',
    };
    expect(parseConfig(onPostgres).webConcurrency).toBe(os.availableParallelism());
    expect(parseConfig({ ...onPostgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(parseConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('refuses more than one process on PGlite, saying why', () => {
    expect(() => parseConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY must be 1 with the embedded PGlite database/,
    );
    expect(() => parseConfig({ WEB_CONCURRENCY: '0' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY /,
    );
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['0', false],
    ['none', false],
    ['false', false],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.7', '10.0.0.0/8, 192.168.1.7'],
    ['loopback,uniquelocal', 'loopback, uniquelocal'],
    ['fd00::/8', 'fd00::/8'],
  ])('reads TRUST_PROXY %s', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.0/99', '300.1.1.1', '1.5', '-1', 'loopback, bogus', '99'])(
    'refuses TRUST_PROXY %s in one line',
    (value) => {
      expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY expected a hop count/,
      );
    },
  );

  it('names the variable and the expectation in one line for a bad port', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'abc' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration: PORT /);
      expect(message).toContain('"abc"');
      expect(message).not.toContain('\n');
    }
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '3.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/roost' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('reads PostgreSQL, port and flags', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://127.0.0.1:5432/roost',
      PORT: '8080',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://roost.example/',
      IDENTITY_SECRET: 'a-shared-identity-secret-of-32-characters',
      APP_SECRET: 'a-shared-app-secret-of-at-least-32-characters',
    });
    expect(config.databaseUrl).toBe('postgres://127.0.0.1:5432/roost');
    expect(config.port).toBe(8080);
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('https://roost.example');
  });

  describe('with DATABASE_URL (instances may share the database)', () => {
    const shared = {
      DATABASE_URL: 'postgres://127.0.0.1:5432/roost',
      IDENTITY_SECRET: 'a-shared-identity-secret-of-32-characters',
      APP_SECRET: 'a-shared-app-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://roost.example',
    };

    it.each([
      [
        'IDENTITY_SECRET',
        'every instance on the shared database seals and reads the same identity keys with it',
      ],
      [
        'APP_SECRET',
        'every instance must sign and check alert unsubscribe links with the same secret',
      ],
      ['PUBLIC_URL', 'every instance must issue and accept sign-in tokens for the same address'],
    ])('refuses to start without %s, in one line saying why', (name, why) => {
      expect(() => parseConfig({ ...shared, [name]: '' })).toThrow(
        new ConfigError(`Invalid configuration: ${name} must be set with DATABASE_URL: ${why}`),
      );
    });

    it('needs no identity secret when Amazon Cognito keeps the keys', () => {
      expect(
        parseConfig({
          ...shared,
          IDENTITY_SECRET: '',
          AUTH_PROVIDER: 'cognito',
          COGNITO_USER_POOL_ID: 'eu-west-2_Example1',
          COGNITO_CLIENT_ID: '4exampleclientid1234567890',
          COGNITO_REGION: 'eu-west-2',
        }).databaseUrl,
      ).toBe(shared.DATABASE_URL);
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
