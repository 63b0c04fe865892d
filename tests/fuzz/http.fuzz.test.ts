import { gzipSync } from 'node:zlib';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiPaths, openApiDocument } from '../../server/marketplace/openapi/document.ts';
import { createBuiltSiteUser, type BuiltSiteUser } from '../support/built-site-user.ts';
import { startBuiltRoost, type RoostProcess } from '../support/roost-process.ts';
import { nearValidFor, validFor } from './zod-arbitrary.ts';
import { adminCredentialsOf } from '../support/shared-settings.ts';

/**
 * Property-based requests against the built site (`npm start`, demo data) — every
 * `/api/v1` operation of the OpenAPI document, every page action and intent, and every `/idp`
 * operation — signed out, as a member and as an administrator. Whatever arrives (random JSON,
 * malformed JSON, wrong content types and encodings, corrupt gzip, huge and deeply nested
 * bodies, NUL and odd Unicode, bad percent-encoding, repeated parameters), the answer is never a
 * 5xx, never leaks a stack trace or a server path, and errors have the documented shape.
 *
 * `npm test` runs a short seeded run (FUZZ_RUNS, default 100 per property); `npm run test:fuzz`
 * runs 2,000 per property (10,000 requests).
 * The seed is printed so a failure can be replayed with FUZZ_SEED.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let roost: RoostProcess;
let dataDir: string;
let stop: () => Promise<void>;
let base: string;
let member: BuiltSiteUser;
let admin: BuiltSiteUser;
let pool: {
  id: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
};
/** Ids that exist (demo listings, the member's draft), so valid bodies reach the use cases. */
const knownIds: string[] = [];
const tally = {
  requests: 0,
  byStatus: new Map<number, number>(),
  /** Bodies drawn from a zod schema as valid, and how many of them the schema accepted. */
  schemaBodies: { valid: 0, accepted: 0, nearValid: 0 },
  /** Signed administrator requests the pool carried out (2xx): proof the signing is right. */
  adminDone: 0,
};

beforeAll(async () => {
  ({ roost, dataDir, stop } = await startBuiltRoost('fuzz'));
  base = roost.url;
  member = await createBuiltSiteUser(base, dataDir, 'fuzz.member@example.com');
  admin = await createBuiltSiteUser(base, dataDir, 'fuzz.admin@example.com');
  // Make the second one an administrator, then sign in again for a token carrying the group.
  const config = (await (await fetch(`${base}/amplify-config.json`)).json()) as {
    Auth: { Cognito: { userPoolId: string; userPoolClientId: string } };
  };
  const { userPoolId, userPoolClientId: clientId } = config.Auth.Cognito;
  const client = new CognitoIdentityProviderClient({
    region: userPoolId.split('_')[0],
    endpoint: `${base}/idp`,
    credentials: adminCredentialsOf(dataDir),
    maxAttempts: 1,
  });
  try {
    await client
      .send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'admins' }))
      .catch(() => undefined);
    await client.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: userPoolId,
        Username: 'fuzz.admin@example.com',
        GroupName: 'admins',
      }),
    );
  } finally {
    client.destroy();
  }
  // Signed in again (the password createBuiltSiteUser sets): the new ID token lists the group.
  const again = await fetch(`${base}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'fuzz.admin@example.com', PASSWORD: 'Correct-Horse-9-Battery' },
    }),
  });
  const idToken = ((await again.json()) as { AuthenticationResult: { IdToken: string } })
    .AuthenticationResult.IdToken;
  admin = { idToken, cookie: admin.cookie.replace(/idToken=[^;]+/, `idToken=${idToken}`) };
  pool = {
    id: userPoolId,
    region: userPoolId.split('_')[0]!,
    credentials: adminCredentialsOf(dataDir),
  };
  const found = (await (await fetch(`${base}/api/v1/search?channel=sale`)).json()) as {
    items: { id: number }[];
  };
  for (const item of found.items.slice(0, 4)) knownIds.push(String(item.id));
  const draft = await fetch(`${base}/api/v1/drafts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.idToken}`, origin: base },
  });
  knownIds.push(((await draft.json()) as { id: string }).id, '1');
}, 180_000);

afterAll(async () => {
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b);
  const { valid, accepted, nearValid } = tally.schemaBodies;
  console.log(
    `fuzz: ${tally.requests} requests, seed ${SEED}; statuses ${statuses.map(([s, n]) => `${s}×${n}`).join(' ')}; ` +
      `bodies from zod schemas: ${valid} valid (${accepted} accepted by the schema), ${nearValid} near-valid; ` +
      `${tally.adminDone} signed administrator requests carried out`,
  );
  await stop?.();
}, 120_000);

// ---------------------------------------------------------------------------------------------
// What is sent.

type Who = 'signed-out' | 'member' | 'admin';
type Auth = 'cookie' | 'bearer';

/** Every `/api/v1` operation: method and path template, from the OpenAPI document. */
const apiOperations = Object.entries(openApiDocument.paths ?? {}).flatMap(([template, item]) =>
  (['get', 'post', 'put', 'patch', 'delete'] as const)
    .filter((method) => (item as Record<string, unknown>)[method])
    .map((method) => ({ method: method.toUpperCase(), template: `/api/v1${template}` })),
);

/** Every page with an action, and the intents it knows (plus unknown ones). */
const pageActions: { template: string; intents: string[] }[] = [
  { template: '/property/{id}/x', intents: ['enquiry', 'report'] },
  { template: '/search/for-sale/{place}', intents: ['hide', 'save-search', 'save-search-changes'] },
  { template: '/search/for-rent', intents: ['hide', 'save-search', 'save-search-changes'] },
  { template: '/favourites', intents: ['note', 'alerts'] },
  { template: '/saved-searches', intents: ['delete-search', 'update-search', 'unhide'] },
  {
    template: '/my-account/listings/{id}',
    intents: ['status', 'price', 'delete', 'restore', 'reply'],
  },
  { template: '/contact-us', intents: [''] },
  { template: '/admin-portal/reported-ads', intents: ['decide', 'pause', 'remove', 'dismiss'] },
  { template: '/property/new', intents: [''] },
  { template: '/alerts/unsubscribe', intents: [''] },
  { template: '/favourites/unsubscribe', intents: [''] },
  { template: '/listings/still-available', intents: [''] },
];

/** Every `/idp` operation (public and administrator: the latter unsigned, so refused). */
const idpOperations = (
  'SignUp ConfirmSignUp ResendConfirmationCode InitiateAuth RespondToAuthChallenge ' +
  'GetTokensFromRefreshToken GlobalSignOut RevokeToken GetUser UpdateUserAttributes ' +
  'GetUserAttributeVerificationCode VerifyUserAttribute DeleteUserAttributes ChangePassword ' +
  'DeleteUser ForgotPassword ConfirmForgotPassword AssociateSoftwareToken VerifySoftwareToken ' +
  'SetUserMFAPreference ConfirmDevice UpdateDeviceStatus ForgetDevice ListDevices GetDevice ' +
  'AdminCreateUser AdminGetUser AdminSetUserPassword AdminConfirmSignUp AdminUpdateUserAttributes ' +
  'AdminDisableUser AdminEnableUser AdminDeleteUser AdminResetUserPassword AdminUserGlobalSignOut ' +
  'AdminSetUserMFAPreference AdminListUserAuthEvents ListUsers CreateGroup GetGroup DeleteGroup ' +
  'ListGroups AdminAddUserToGroup AdminRemoveUserFromGroup AdminListGroupsForUser ' +
  'ListUsersInGroup DescribeUserPool NoSuchOperation'
).split(' ');

const oddText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uFFFF',
    '😀'.repeat(50),
    '\u202Eevil',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    'x'.repeat(5000),
    '\r\nX-Injected: 1',
  ),
);

/** A path segment: ids, huge and negative numbers, bad percent-encoding, odd text. */
const segment = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.constantFrom(
    '%ff',
    '%E9',
    '%00',
    '%',
    '%%',
    '%zz',
    '1e309',
    '9007199254740993',
    '0x10',
    '..%2f..%2f',
    '%C0%AF',
    '',
  ),
  oddText.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'))),
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'q',
    'page',
    'sort',
    'ids',
    'id',
    'kind',
    'channel',
    'minPrice',
    'radius',
    'place',
  ),
  fc.string({ maxLength: 8 }),
);
/** Repeated keys, bad encodings and odd values. */
const query = fc
  .array(fc.tuple(queryKey, fc.oneof(segment, fc.constantFrom('%ff', '%00', '[]', 'a&b'))), {
    maxLength: 6,
  })
  .map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}` : '',
  );

/** Bodies: random JSON, malformed JSON, nesting, NULs, size, form data, raw bytes. */
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.oneof(oddText, fc.integer(), fc.boolean()))
    .map((value) => JSON.stringify(value)),
  fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', '\u0000', '', '{}'),
  fc.integer({ min: 10, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .integer({ min: 10, max: 5_000 })
    .map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom(1.2e6, 3e6).map((size) => JSON.stringify({ text: 'a'.repeat(size) })),
  oddText.map((text) => new URLSearchParams({ intent: 'x', note: text, message: text }).toString()),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=koi8-r',
  'multipart/form-data; boundary=x',
  'text/plain',
  'image/jpeg',
  'application/x-amz-json-1.1',
  '',
);
const encoding = fc.constantFrom(
  undefined,
  undefined,
  undefined,
  'gzip',
  'gzip-corrupt',
  'br',
  'bogus',
);
const who = fc.constantFrom<Who>('signed-out', 'member', 'admin');
const auth = fc.constantFrom<Auth>('cookie', 'bearer');

function fill(template: string, segments: string[]): string {
  let index = 0;
  return template.replace(/\{[^}]+\}/g, () => segments[index++ % segments.length] ?? '1');
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

function build(
  method: string,
  url: string,
  options: { who: Who; auth: Auth; body?: string; type?: string; encoding?: string | undefined },
): Sent {
  const headers: Record<string, string> = { origin: base };
  if (options.who !== 'signed-out') {
    const user = options.who === 'admin' ? admin : member;
    if (options.auth === 'bearer') headers.authorization = `Bearer ${user.idToken}`;
    else headers.cookie = user.cookie;
  }
  let bytes: Buffer | undefined;
  if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    bytes = Buffer.from(options.body, 'utf8');
    if (options.type) headers['content-type'] = options.type;
    if (options.encoding === 'gzip') {
      bytes = gzipSync(bytes);
      headers['content-encoding'] = 'gzip';
    } else if (options.encoding === 'gzip-corrupt') {
      bytes = Buffer.concat([gzipSync(bytes).subarray(0, 12), Buffer.from('garbage')]);
      headers['content-encoding'] = 'gzip';
    } else if (options.encoding) {
      headers['content-encoding'] = options.encoding;
    }
  }
  return { method, url, headers, body: bytes };
}

/**
 * Every `/api/v1` operation that takes a JSON body or query parameters, with the zod schemas it
 * validates with (`apiPaths`, the source of the OpenAPI document).
 */
const schemaOperations = Object.entries(apiPaths).flatMap(([template, item]) =>
  Object.entries(item as Record<string, unknown>).flatMap(([method, operation]) => {
    const { requestBody, requestParams } = operation as {
      requestBody?: { content?: Record<string, { schema?: z.ZodType }> };
      requestParams?: { path?: z.ZodType; query?: z.ZodType };
    };
    const body = requestBody?.content?.['application/json']?.schema;
    if (!body && !requestParams?.query) return [];
    return [
      {
        method: method.toUpperCase(),
        template: `/api/v1${template}`,
        body,
        query: requestParams?.query,
      },
    ];
  }),
);

/** Query parameters drawn from a zod object schema, as strings (arrays repeated). */
function queryFrom(schema: z.ZodType | undefined, near: boolean): fc.Arbitrary<string> {
  if (!schema) return fc.constant('');
  return (near ? nearValidFor(schema) : validFor(schema)).map((value) => {
    if (typeof value !== 'object' || value === null) return '';
    const params = new URLSearchParams();
    for (const [key, item] of Object.entries(value)) {
      for (const one of Array.isArray(item) ? item : [item]) {
        params.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
      }
    }
    const text = params.toString();
    return text ? `?${text}` : '';
  });
}

/** The administrator operations of `/idp`, each signed with SigV4 like the AWS SDK does. */
const adminOperations = idpOperations.filter(
  (operation) =>
    operation.startsWith('Admin') ||
    /^(ListUsers|CreateGroup|GetGroup|DeleteGroup|ListGroups|ListUsersInGroup|DescribeUserPool)/.test(
      operation,
    ),
);

/** Users and groups the admin properties may create, change and delete (never the fuzzers'). */
const targetUser = fc.constantFrom(
  'fuzz.target.0@example.com',
  'fuzz.target.1@example.com',
  'fuzz.target.2@example.com',
);
const targetGroup = fc.constantFrom('fuzz-a', 'fuzz-b');

/** A plausible body for any admin operation: the fields each one reads, valid values. */
const validAdminBody = () =>
  fc.record(
    {
      UserPoolId: fc.constant(pool.id),
      Username: targetUser,
      GroupName: targetGroup,
      UserAttributes: fc.array(
        fc.oneof(
          fc.record({
            Name: fc.constant('email_verified'),
            Value: fc.constantFrom('true', 'false'),
          }),
          fc.record({ Name: fc.constant('name'), Value: fc.string({ maxLength: 30 }) }),
          fc.record({ Name: fc.constant('phone_number'), Value: fc.constant('+447700900982') }),
        ),
        { maxLength: 2 },
      ),
      TemporaryPassword: fc.constant('Temporary-Horse-9-Battery'),
      Password: fc.constantFrom('Correct-Horse-9-Battery', 'short'),
      Permanent: fc.boolean(),
      MessageAction: fc.constantFrom('SUPPRESS', 'RESEND'),
      DesiredDeliveryMediums: fc.constantFrom(['EMAIL'], ['SMS']),
      Limit: fc.integer({ min: 0, max: 70 }),
      MaxResults: fc.integer({ min: 0, max: 70 }),
      Filter: fc.constantFrom('email ^= "fuzz"', 'username = "x"', 'status = "Enabled"', 'bad'),
      AttributesToGet: fc.constantFrom(['email'], ['name', 'sub']),
      PaginationToken: fc.string({ maxLength: 20 }),
      NextToken: fc.string({ maxLength: 20 }),
      Description: fc.string({ maxLength: 40 }),
      Precedence: fc.integer({ min: -1, max: 10 }),
      SoftwareTokenMfaSettings: fc.record({ Enabled: fc.boolean(), PreferredMfa: fc.boolean() }),
      SMSMfaSettings: fc.record({ Enabled: fc.boolean(), PreferredMfa: fc.boolean() }),
    },
    { requiredKeys: ['UserPoolId'] },
  );

/** The same fields with random values (odd text, wrong types, another pool). */
const randomAdminBody = fc.dictionary(
  fc.constantFrom(
    'UserPoolId',
    'Username',
    'GroupName',
    'UserAttributes',
    'Password',
    'TemporaryPassword',
    'Permanent',
    'Limit',
    'Filter',
    'PaginationToken',
    'Precedence',
    'SoftwareTokenMfaSettings',
  ),
  fc.oneof(oddText, fc.jsonValue({ maxDepth: 2 }), fc.integer()),
  { maxKeys: 6 },
);

/** Signs a `/idp` request with the pool's admin credentials (as the AWS SDK would). */
async function signAdmin(sent: Sent, operation: string): Promise<Sent> {
  const url = new URL(`${base}/idp`);
  sent.headers['x-amz-target'] = `AWSCognitoIdentityProviderService.${operation}`;
  const unsigned = new HttpRequest({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: { ...sent.headers, host: url.host },
    body: sent.body?.toString('utf8') ?? '',
  });
  const signer = new SignatureV4({
    credentials: pool.credentials,
    region: pool.region,
    service: 'cognito-idp',
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.sign(unsigned);
  const headers = { ...(signed.headers as Record<string, string>) };
  delete headers.host; // fetch sets it (the same value)
  return { ...sent, headers };
}

// ---------------------------------------------------------------------------------------------
// What must hold.

const LEAKS = [
  /\n\s+at [\w$.<>]+ \(/, // a stack frame
  /node_modules/,
  /\/work\/|\/home\/|\/tmp\/|\/usr\/lib/,
  /\.(ts|js|tsx):\d+/,
  /invalid byte sequence|syntax error at or near|duplicate key value/i,
];

/** Sends one request and checks what must hold; answers its status. */
async function send(sent: Sent): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${base}${sent.url}`, {
      method: sent.method,
      headers: sent.headers,
      body: sent.body ? new Uint8Array(sent.body) : undefined,
      redirect: 'manual',
    });
  } catch (error) {
    // Node's fetch refuses some URLs itself (never reached the server): not a server failure.
    if (error instanceof TypeError && /Invalid URL|URL/.test(String(error.message))) return 0;
    throw error;
  }
  const text = await response.text();
  tally.requests += 1;
  tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
  const where = `${sent.method} ${sent.url.slice(0, 200)} (${sent.headers['content-type'] ?? '-'}, ${sent.headers['content-encoding'] ?? '-'}) → ${response.status}: ${text.slice(0, 300)}`;
  // 503 is allowed only as the documented 'busy, retry later' with Retry-After (decode slots).
  if (response.status === 503) expect(response.headers.get('retry-after'), where).toBeTruthy();
  else expect(response.status, where).toBeLessThan(500);
  for (const leak of LEAKS) expect(text, where).not.toMatch(leak);
  const type = response.headers.get('content-type') ?? '';
  if (response.status >= 400 && type.includes('json')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (sent.url.startsWith('/idp')) {
      expect(typeof parsed.__type, where).toBe('string');
      expect(typeof parsed.message, where).toBe('string');
    } else if (sent.url.startsWith('/api/')) {
      const error = parsed.error as { code?: unknown; message?: unknown } | undefined;
      expect(typeof error?.code, where).toBe('string');
      expect(typeof error?.message, where).toBe('string');
    }
  }
  return response.status;
}

const options = () => ({ numRuns: RUNS, seed: SEED, endOnFailure: true });

describe('fuzzing the built site', () => {
  it('every /api/v1 operation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...apiOperations),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        query,
        body,
        contentType,
        encoding,
        who,
        auth,
        async (operation, segments, search, payload, type, enc, person, how) => {
          await send(
            build(operation.method, fill(operation.template, segments) + search, {
              who: person,
              auth: how,
              body: payload,
              type,
              encoding: enc,
            }),
          );
        },
      ),
      options(),
    );
  }, 600_000);

  it('every page action and intent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...pageActions)
          .chain((page) => fc.tuple(fc.constant(page), fc.constantFrom(...page.intents, 'bogus'))),
        fc.array(segment, { minLength: 1, maxLength: 2 }),
        query,
        fc.oneof(body, fc.constant('')),
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded; charset=bogus',
        ),
        encoding,
        who,
        fc.dictionary(
          fc.constantFrom(
            'status',
            'price',
            'note',
            'id',
            'listingId',
            'reason',
            'email',
            'message',
            'name',
            'topic',
          ),
          oddText,
          { maxKeys: 5 },
        ),
        async ([page, intent], segments, search, payload, type, enc, person, fields) => {
          const form = type.startsWith('application/x-www-form-urlencoded')
            ? new URLSearchParams({ intent, ...fields }).toString() + (payload ? `&${payload}` : '')
            : payload;
          await send(
            build('POST', fill(page.template, segments) + search, {
              who: person,
              auth: 'cookie',
              body: form,
              type,
              encoding: enc,
            }),
          );
        },
      ),
      options(),
    );
  }, 600_000);

  it('every /api/v1 body and query drawn from its zod schema, valid and near-valid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...schemaOperations).chain((operation) =>
          fc.record({
            operation: fc.constant(operation),
            payload: operation.body
              ? fc.oneof(
                  validFor(operation.body).map((value) => ({ value, near: false })),
                  nearValidFor(operation.body).map((value) => ({ value, near: true })),
                )
              : fc.constant(undefined),
            search: fc.boolean().chain((near) => queryFrom(operation.query, near)),
          }),
        ),
        fc.array(fc.oneof(fc.constantFrom(...knownIds), segment), { minLength: 1, maxLength: 3 }),
        who,
        auth,
        async ({ operation, payload, search }, segments, person, how) => {
          if (payload && operation.body) {
            if (payload.near) tally.schemaBodies.nearValid += 1;
            else {
              tally.schemaBodies.valid += 1;
              if (operation.body.safeParse(payload.value).success) {
                tally.schemaBodies.accepted += 1;
              }
            }
          }
          await send(
            build(operation.method, fill(operation.template, segments) + search, {
              who: person,
              auth: how,
              body: payload ? (JSON.stringify(payload.value) ?? '') : undefined,
              type: 'application/json',
            }),
          );
        },
      ),
      options(),
    );
  }, 600_000);

  it('every /idp administrator operation, signed with SigV4, valid and random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...adminOperations),
        fc.oneof(
          { weight: 3, arbitrary: validAdminBody().map((value) => JSON.stringify(value)) },
          { weight: 2, arbitrary: randomAdminBody.map((value) => JSON.stringify(value)) },
          { weight: 1, arbitrary: body },
        ),
        fc.constantFrom('application/x-amz-json-1.1', 'application/x-amz-json-1.1', 'text/plain'),
        async (operation, payload, type) => {
          const sent = build('POST', '/idp', {
            who: 'signed-out',
            auth: 'bearer',
            body: payload,
            type,
          });
          delete sent.headers.origin;
          const status = await send(await signAdmin(sent, operation));
          if (status >= 200 && status < 300) tally.adminDone += 1;
        },
      ),
      options(),
    );
    expect(tally.adminDone, 'signed administrator requests carried out').toBeGreaterThan(0);
  }, 600_000);

  it('every /idp operation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...idpOperations),
        fc.oneof(
          body,
          fc
            .record(
              {
                ClientId: fc.oneof(fc.constant('real'), oddText),
                Username: oddText,
                Password: oddText,
                AccessToken: oddText,
                AuthFlow: fc.constantFrom(
                  'USER_PASSWORD_AUTH',
                  'USER_SRP_AUTH',
                  'REFRESH_TOKEN_AUTH',
                  'x',
                ),
                AuthParameters: fc.dictionary(
                  fc.constantFrom('USERNAME', 'PASSWORD', 'SRP_A', 'REFRESH_TOKEN'),
                  oddText,
                ),
                UserAttributes: fc.array(fc.record({ Name: oddText, Value: oddText }), {
                  maxLength: 3,
                }),
              },
              { requiredKeys: [] },
            )
            .map((value) => JSON.stringify(value)),
        ),
        fc.constantFrom('application/x-amz-json-1.1', 'application/json', 'text/plain', ''),
        encoding,
        async (operation, payload, type, enc) => {
          const sent = build('POST', '/idp', {
            who: 'signed-out',
            auth: 'bearer',
            body: payload,
            type,
            encoding: enc,
          });
          sent.headers['x-amz-target'] = `AWSCognitoIdentityProviderService.${operation}`;
          await send(sent);
        },
      ),
      options(),
    );
  }, 600_000);
});
