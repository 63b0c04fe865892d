import { gzipSync } from 'node:zlib';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

/**
 * Bad input to `/idp` is the caller's fault: a 4xx with Cognito's JSON error, never a 500 and
 * never a database error. Plain HTTP requests, as anyone on the internet can send them.
 */
let identity: RunningIdentity;
let poolId = '';
let clientId = '';

beforeAll(async () => {
  identity = await startTestIdentity();
  ({ userPoolId: poolId, clientId } = identity.service.config);
});

afterAll(async () => {
  await identity?.stop();
});

const JSON_TYPE = 'application/x-amz-json-1.1';

async function post(
  operation: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${identity.url}/idp`, {
    method: 'POST',
    headers: {
      'content-type': JSON_TYPE,
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { response, text };
}

/** A 4xx whose body and headers are Cognito's error shape, of the given type. */
async function expectCognitoError(
  { response, text }: Awaited<ReturnType<typeof post>>,
  type: string,
  status = 400,
) {
  expect({ status: response.status, text }).toMatchObject({ status });
  expect(response.headers.get('content-type')).toMatch(/^application\/x-amz-json-1\.1(;|$)/);
  expect(response.headers.get('x-amzn-errortype')).toBe(`${type}:`);
  const body = JSON.parse(text) as { __type: string; message: string };
  expect(body).toEqual({ __type: type, message: expect.any(String) });
  expect(response.headers.get('x-amzn-errormessage')).toBeTruthy();
  return body;
}

const nulMessage =
  /^1 validation error detected: Value at '\w+' failed to satisfy constraint: Member must not contain NUL characters or unpaired surrogates$/;

/** Every public operation, each given every string parameter it might read, all holding NUL. */
const publicOperations = [
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  'GetUser',
  'UpdateUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'DeleteUserAttributes',
  'ChangePassword',
  'DeleteUser',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'ConfirmDevice',
  'UpdateDeviceStatus',
  'ForgetDevice',
  'ListDevices',
  'GetDevice',
];

describe('NUL characters and unpaired surrogates never reach the database', () => {
  it('answers InvalidParameterException where a lookup by that name used to fail with 500', async () => {
    for (const [operation, input] of [
      ['ForgotPassword', { ClientId: clientId, Username: 'nul\u0000@roost.test' }],
      ['ResendConfirmationCode', { ClientId: clientId, Username: 'nul\u0000@roost.test' }],
      [
        'InitiateAuth',
        {
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'nul@roost.test\u0000', PASSWORD: 'Anything-1' },
        },
      ],
      [
        'SignUp',
        {
          ClientId: clientId,
          Username: 'signup@roost.test',
          Password: 'Sturdy-roof-42',
          UserAttributes: [{ Name: 'name', Value: 'Ada\u0000' }],
        },
      ],
      [
        'SignUp',
        {
          ClientId: clientId,
          Username: 'surrogate@roost.test',
          Password: 'Sturdy-roof-42',
          UserAttributes: [{ Name: 'name', Value: 'Ada \ud83c' }],
        },
      ],
    ] as const) {
      const body = await expectCognitoError(
        await post(operation, JSON.stringify(input)),
        'InvalidParameterException',
      );
      expect(body.message).toMatch(nulMessage);
    }
  });

  it('checks every public operation in one place, keys as well as values', async () => {
    const nul = 'x\u0000y';
    for (const operation of publicOperations) {
      const input = {
        ClientId: clientId,
        Username: nul,
        AccessToken: nul,
        RefreshToken: nul,
        Token: nul,
        Session: nul,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: { [nul]: 'value' },
      };
      const body = await expectCognitoError(
        await post(operation, JSON.stringify(input)),
        'InvalidParameterException',
      );
      expect(body.message, operation).toMatch(nulMessage);
    }
  });

  it('checks signed admin operations too', async () => {
    for (const command of [
      new AdminGetUserCommand({ UserPoolId: poolId, Username: 'admin\u0000@roost.test' }),
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: 'created@roost.test',
        UserAttributes: [{ Name: 'name', Value: '\u0000' }],
      }),
      new ListUsersCommand({ UserPoolId: poolId, Filter: 'email = "a\u0000"' }),
    ]) {
      await expect(identity.admin.send(command as never)).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: expect.stringMatching(nulMessage),
        $metadata: { httpStatusCode: 400 },
      });
    }
  });

  it('reads a body nested deeper than any stack', async () => {
    const deep = `{"ClientId":"${clientId}","Username":"deep@roost.test","X":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const { response } = await post('ForgotPassword', deep);
    expect(response.status).toBeLessThan(500);
  });
});

describe('bodies the pool cannot read', () => {
  it('answers a body over 128 KB with 413 and the Cognito JSON error', async () => {
    const input = { ClientId: clientId, Username: 'big@roost.test', Padding: 'x'.repeat(140_000) };
    const body = await expectCognitoError(
      await post('ForgotPassword', JSON.stringify(input)),
      'InvalidParameterException',
      413,
    );
    expect(body.message).toBe('Request body is larger than 128KB.');
  });

  it('refuses a body that only becomes too large once decompressed', async () => {
    const input = { ClientId: clientId, Username: 'bomb@roost.test', Padding: 'x'.repeat(2e6) };
    const zipped = gzipSync(JSON.stringify(input));
    expect(zipped.length).toBeLessThan(10_000);
    await expectCognitoError(
      await post('ForgotPassword', zipped, { 'content-encoding': 'gzip' }),
      'InvalidParameterException',
      413,
    );
  });

  it('refuses a charset other than UTF-8 with 415', async () => {
    const input = JSON.stringify({ ClientId: clientId, Username: 'charset@roost.test' });
    for (const charset of ['klingon', 'utf-16le', 'iso-8859-1']) {
      await expectCognitoError(
        await post('ForgotPassword', input, { 'content-type': `${JSON_TYPE}; charset=${charset}` }),
        'SerializationException',
        415,
      );
    }
    const accepted = await post('ForgotPassword', input, {
      'content-type': `${JSON_TYPE}; charset=UTF-8`,
    });
    expect(accepted.response.status).toBe(200);
  });

  it('refuses an unsupported Content-Encoding with 415, and corrupt gzip with 400', async () => {
    const input = JSON.stringify({ ClientId: clientId, Username: 'zip@roost.test' });
    await expectCognitoError(
      await post('ForgotPassword', input, { 'content-encoding': 'compress' }),
      'SerializationException',
      415,
    );
    const corrupt = gzipSync(input).subarray(0, 20);
    await expectCognitoError(
      await post('ForgotPassword', Buffer.concat([corrupt, Buffer.from('not gzip at all')]), {
        'content-encoding': 'gzip',
      }),
      'SerializationException',
      400,
    );
    const zipped = await post('ForgotPassword', gzipSync(input), { 'content-encoding': 'gzip' });
    expect(zipped.response.status).toBe(200);
  });
});

describe('the x-amzn-errormessage header', () => {
  it('stays a valid header when the message repeats emoji, newlines or control characters', async () => {
    for (const clientIdGiven of [
      '🏠 flat',
      'line\r\nx-injected: yes',
      'tab\there\u0007bell',
      '100%',
    ]) {
      const result = await post(
        'ForgotPassword',
        JSON.stringify({ ClientId: clientIdGiven, Username: 'header@roost.test' }),
      );
      const body = await expectCognitoError(result, 'ResourceNotFoundException');
      // The JSON body keeps the message exactly; the header carries it percent-encoded.
      expect(body.message).toBe(`User pool client ${clientIdGiven} does not exist.`);
      const header = result.response.headers.get('x-amzn-errormessage')!;
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      expect(decodeURIComponent(header)).toBe(body.message);
      expect(result.response.headers.get('x-injected')).toBeNull();
    }
  });
});
