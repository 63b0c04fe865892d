import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type RunningIdentity } from '../../identity/test-support.ts';
import {
  createAbuseLimiter,
  createDatabaseLimiter,
  createMemoryLimiter,
  type AbuseLimiter,
} from '../../limits/index.ts';
import { RetryLaterError } from '../../server/http/retry-later-error.ts';
import { createMarketplace } from '../../server/marketplace/marketplace.ts';
import { photo } from '../support/listing-world.ts';

/**
 * One store-backed abuse limiter (the database; Redis with REDIS_URL) behind sign-in,
 * sign-up, code sends and uploads, each refused with 429 and `Retry-After`. Drafts, enquiries,
 * reports and contact messages count their stored rows and answer the same way (see their
 * tests: anonymous-drafts, listing-visitors, report-listing, submit-contact-message).
 */
let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startTestIdentity({
    limits: { signInRequestsPerMinute: 2, anonymousRequestsPerHour: 2 },
  });
});
afterAll(async () => {
  await identity.stop();
});

/** One raw `/idp` call, as a browser makes it, from `ip` (the test app trusts loopback). */
function idp(operation: string, body: Record<string, unknown>, ip: string) {
  return fetch(`${identity.url}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify({ ClientId: identity.service.config.clientId, ...body }),
  });
}

async function expectLimited(response: Response, type: string, window: number) {
  expect(response.status).toBe(429);
  expect(((await response.json()) as { __type: string }).__type).toBe(type);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(window);
}

describe('abuse limits answer 429 with Retry-After', () => {
  it('sign-in, per address per minute', async () => {
    const signIn = () =>
      idp(
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'nobody@roost.test', PASSWORD: 'Wrong-pass-1' },
        },
        '198.51.100.10',
      );
    expect((await signIn()).status).toBe(400);
    expect((await signIn()).status).toBe(400);
    await expectLimited(await signIn(), 'TooManyRequestsException', 60);
    // Another address is not affected.
    const other = await idp(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'x@roost.test', PASSWORD: 'Wrong-pass-1' },
      },
      '198.51.100.11',
    );
    expect(other.status).toBe(400);
  });

  it('sign-up, per address per hour', async () => {
    const signUp = (n: number) =>
      idp(
        'SignUp',
        {
          Username: `limited-${n}@roost.test`,
          Password: 'Correct-horse-9',
          UserAttributes: [{ Name: 'email', Value: `limited-${n}@roost.test` }],
        },
        '198.51.100.20',
      );
    expect((await signUp(1)).status).toBe(200);
    expect((await signUp(2)).status).toBe(200);
    await expectLimited(await signUp(3), 'LimitExceededException', 3600);
  });

  it('code sends, per address per hour', async () => {
    const send = (n: number) =>
      idp('ForgotPassword', { Username: `someone-${n}@roost.test` }, '198.51.100.30');
    expect((await send(1)).status).toBe(200);
    expect((await send(2)).status).toBe(200);
    await expectLimited(await send(3), 'LimitExceededException', 3600);
  });

  it('uploads, per user (or address) per hour', async () => {
    const marketplace = createMarketplace({ db: identity.database.db, uploadsPerHour: 1 });
    const draft = await marketplace.listings.startDraft({ user: null, clientIp: '198.51.100.40' });
    const bytes = await photo(320, 240);
    const upload = () =>
      marketplace.media.add({
        user: null,
        draftId: draft.id,
        kind: 'photo',
        bytes,
        ip: '198.51.100.40',
      });
    await upload();
    const refused = await upload().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect((refused as RetryLaterError).status).toBe(429);
    expect((refused as RetryLaterError).retryAfterSeconds).toBeLessThanOrEqual(3600);
  });
});

/** The same contract for every store. */
async function exerciseStore(limiter: AbuseLimiter, prefix: string) {
  const key = `${prefix}:${Date.now()}:${Math.random()}`;
  const first = await limiter.take(key, 2, 30);
  const second = await limiter.take(key, 2, 30);
  const third = await limiter.take(key, 2, 30);
  expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
  expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(third.retryAfterSeconds).toBeLessThanOrEqual(30);
  expect((await limiter.take(`${key}:other`, 2, 30)).allowed).toBe(true);
  // Forgetting a key (an erased account's) starts it afresh and leaves the others alone.
  await limiter.take(`${key}:other`, 2, 30);
  await limiter.forget([key]);
  expect((await limiter.take(key, 2, 30)).allowed).toBe(true);
  expect((await limiter.take(`${key}:other`, 2, 30)).allowed).toBe(false);
}

describe('the limiter stores', () => {
  it('memory: the same window, within one process', async () => {
    await exerciseStore(createMemoryLimiter(), 'memory');
  });

  it('database: a fixed window per key', async () => {
    await exerciseStore(createDatabaseLimiter(identity.database.db), 'db');
  });

  // Like PostgreSQL, Redis is exercised when CI finds a server (TEST_REDIS_URL, see .ci/run).
  it.runIf(process.env.TEST_REDIS_URL)(
    'redis: the same window, shared by every instance',
    async () => {
      const redis = await createAbuseLimiter({
        db: identity.database.db,
        redisUrl: process.env.TEST_REDIS_URL,
      });
      try {
        await exerciseStore(redis, 'redis');
      } finally {
        await redis.close();
      }
    },
  );
});
