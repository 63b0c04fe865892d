import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestApp } from './auth-test-app.ts';

/**
 * `/idp` inside the whole site: bad input must be answered by the pool, in Cognito's JSON, not
 * fall through to the site's last-resort 500 page.
 */
let site: AuthTestApp;

beforeAll(async () => {
  site = await startAuthTestApp();
});

afterAll(async () => {
  await site?.stop();
});

async function post(body: string, headers: Record<string, string> = {}) {
  return fetch(`${site.base}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      ...headers,
    },
    body,
  });
}

describe('/idp in the site', () => {
  it.each([
    ['a body over the limit', 413, 'InvalidParameterException', 'x'.repeat(200_000), {}],
    [
      'an unknown charset',
      415,
      'SerializationException',
      '{}',
      { 'content-type': 'application/x-amz-json-1.1; charset=ebcdic' },
    ],
    [
      'an unsupported encoding',
      415,
      'SerializationException',
      '{}',
      { 'content-encoding': 'compress' },
    ],
    ['corrupt gzip', 400, 'SerializationException', 'not gzip', { 'content-encoding': 'gzip' }],
    ['a NUL in a user name', 400, 'InvalidParameterException', 'NUL', {}],
    [
      'an emoji echoed into the message',
      400,
      'ResourceNotFoundException',
      '{"ClientId":"🏡","Username":"a@b.test"}',
      {},
    ],
  ] as const)(
    'answers %s with %i and the Cognito JSON error',
    async (_label, status, type, body, headers) => {
      // The user pool client must be right for the NUL to reach the user lookup.
      const input =
        body === 'NUL'
          ? JSON.stringify({ ClientId: site.identity.config.clientId, Username: 'a\u0000@b.test' })
          : body;
      const response = await post(input, headers);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/x-amz-json-1\.1/);
      expect(response.headers.get('x-amzn-errortype')).toBe(`${type}:`);
      expect(await response.json()).toEqual({ __type: type, message: expect.any(String) });
    },
  );
});
