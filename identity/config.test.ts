import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { amplifyConfig } from './amplify-config.ts';
import { parseIdentityConfig } from './config.ts';

const context = () => ({
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'roost-identity-config-')),
  publicUrl: 'https://roost.example/',
});

describe('identity configuration', () => {
  it('generates the secret and admin credentials once and keeps them', () => {
    const where = context();
    const first = parseIdentityConfig({}, where);
    const second = parseIdentityConfig({}, where);
    expect(first.secret.equals(second.secret)).toBe(true);
    expect(first.adminCredentials).toEqual(second.adminCredentials);
    expect(first.adminCredentials.accessKeyId).toMatch(/^RAK[0-9A-F]{20}$/);
    expect(fs.statSync(path.join(where.dataDir, 'identity', 'secret.key')).mode & 0o777).toBe(
      0o600,
    );
    expect(first.issuer).toBe('https://roost.example/idp/eu-west-2_RoostLocal');
    expect(first.oauth.baseUrl).toBe('https://roost.example:3443');
  });

  it('names the variable in one line when a value is wrong', () => {
    expect(() => parseIdentityConfig({ IDENTITY_SECRET: 'short' }, context())).toThrow(
      'Invalid configuration: IDENTITY_SECRET expected at least 32 characters',
    );
    expect(() => parseIdentityConfig({ AUTH_PROVIDER: 'cognito' }, context())).toThrow(
      'Invalid configuration: COGNITO_USER_POOL_ID expected when AUTH_PROVIDER=cognito',
    );
  });

  it('publishes the embedded pool to Amplify, with OAuth only when a provider is configured', () => {
    const config = parseIdentityConfig({}, context());
    const embedded = amplifyConfig(config).Auth.Cognito;
    expect(embedded).toMatchObject({
      userPoolId: 'eu-west-2_RoostLocal',
      userPoolEndpoint: 'https://roost.example/idp',
      loginWith: { email: true, phone: true },
      signUpVerificationMethod: 'code',
      passwordFormat: { minLength: 8, requireSpecialCharacters: true },
    });
    expect(embedded.loginWith).not.toHaveProperty('oauth');
    const social = parseIdentityConfig(
      { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' },
      context(),
    );
    expect(amplifyConfig(social).Auth.Cognito.loginWith).toMatchObject({
      oauth: { domain: 'roost.example:3443', providers: ['Google'], responseType: 'code' },
    });
  });

  it('signs in with verified mobile numbers by default, and not with IDENTITY_ALIAS_ATTRIBUTES=none', () => {
    const config = parseIdentityConfig({}, context());
    expect(config.usernameAttributes).toEqual(['email']);
    expect(config.aliasAttributes).toEqual(['phone_number']);
    expect(Object.keys(amplifyConfig(config).Auth.Cognito.loginWith)).toEqual(['email', 'phone']);
    const emailOnly = parseIdentityConfig({ IDENTITY_ALIAS_ATTRIBUTES: 'none' }, context());
    expect(emailOnly.aliasAttributes).toEqual([]);
    expect(amplifyConfig(emailOnly).Auth.Cognito.loginWith).toEqual({ email: true });
    expect(() => parseIdentityConfig({ IDENTITY_ALIAS_ATTRIBUTES: 'email' }, context())).toThrow(
      'Invalid configuration: IDENTITY_ALIAS_ATTRIBUTES',
    );
  });

  it('publishes a real Cognito pool without an endpoint when AUTH_PROVIDER=cognito', () => {
    const config = parseIdentityConfig(
      {
        AUTH_PROVIDER: 'cognito',
        COGNITO_USER_POOL_ID: 'eu-west-2_Abc123',
        COGNITO_CLIENT_ID: 'abcdef123456',
        COGNITO_REGION: 'eu-west-2',
      },
      context(),
    );
    const published = amplifyConfig(config).Auth.Cognito;
    expect(published).toMatchObject({
      userPoolId: 'eu-west-2_Abc123',
      userPoolClientId: 'abcdef123456',
    });
    expect(published).not.toHaveProperty('userPoolEndpoint');
  });
});
