import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSALS } from '../../server/http/cross-site-guard.ts';
import { actionRoutes, apiWrites } from '../support/route-inventory.ts';
import {
  startWebAppForTest,
  TEST_USER_HEADER,
  type WebAppForTest,
} from '../support/web-app-for-test.ts';

/**
 * Every write Roost accepts, found rather than listed: each route module in `app/routes.ts`
 * that exports an action (pages and resource routes such as the data exports) and each write in
 * the OpenAPI document of `/api/v1`. Sent by a signed-in administrator through the real app and
 * pages, each is refused with the guard's 403 when it comes from another site or says nothing of
 * where it comes from, and gets past the guard from the site itself.
 */
const ADMIN = 'admin:cross-site-admin';
const FOREIGN = 'https://evil.example';
const pages = actionRoutes();
const writes = apiWrites();
let site: WebAppForTest;

beforeAll(async () => {
  site = await startWebAppForTest();
}, 120_000);
afterAll(async () => {
  await site.close();
});

type From = 'foreign' | 'nowhere' | 'site';

function originHeaders(from: From): Record<string, string> {
  if (from === 'foreign') return { origin: FOREIGN };
  if (from === 'site') return { origin: site.base };
  return {};
}

async function postForm(url: string, from: From): Promise<{ status: number; text: string }> {
  const response = await fetch(`${site.base}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [TEST_USER_HEADER]: ADMIN,
      ...originHeaders(from),
    },
    body: 'intent=cross-site-check',
  });
  return { status: response.status, text: await response.text() };
}

async function sendJson(
  method: string,
  url: string,
  from: From,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${site.base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      [TEST_USER_HEADER]: ADMIN,
      ...originHeaders(from),
    },
    body: '{}',
  });
  return { status: response.status, text: await response.text() };
}

const ALL_REFUSALS = Object.values(CROSS_SITE_REFUSALS).flatMap((refusal) => [
  refusal.api,
  refusal.page,
]);
const refusedByGuard = (text: string) => ALL_REFUSALS.some((message) => text.includes(message));

describe('the inventory', () => {
  it('finds the page actions and the resource routes that accept POST', () => {
    const files = pages.map((page) => page.file);
    expect(files).toEqual(
      expect.arrayContaining([
        'routes/my-account-data-export.ts',
        'routes/admin-portal-user-export.ts',
        'routes/my-account-data.tsx',
        'routes/contact-us.tsx',
        'routes/admin-portal-campaigns.tsx',
      ]),
    );
    expect(pages.filter((page) => page.isResourceRoute).map((page) => page.file)).toEqual([
      'routes/my-account-data-export.ts',
      'routes/admin-portal-user-export.ts',
    ]);
    expect(writes.length).toBeGreaterThan(20);
  });
});

describe.each(pages)('POST $url ($file)', ({ url }) => {
  it('from another site is refused with a plain 403 page', async () => {
    const answer = await postForm(url, 'foreign');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain(CROSS_SITE_REFUSALS.foreign.page);
  });

  it('with neither Origin nor Referer is refused with a plain 403 page', async () => {
    const answer = await postForm(url, 'nowhere');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain(CROSS_SITE_REFUSALS.unknown.page);
  });

  it('from the site itself gets past the guard', async () => {
    const answer = await postForm(url, 'site');
    expect(refusedByGuard(answer.text), `${answer.status} ${answer.text.slice(0, 200)}`).toBe(
      false,
    );
  });
});

describe.each(writes)('$method /api/v1$documented', ({ method, url }) => {
  it('from another site is refused with the API’s 403 error body', async () => {
    const answer = await sendJson(method, url, 'foreign');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'FORBIDDEN', message: CROSS_SITE_REFUSALS.foreign.api },
    });
  });

  it('with neither Origin nor Referer is refused with the API’s 403 error body', async () => {
    const answer = await sendJson(method, url, 'nowhere');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'FORBIDDEN', message: CROSS_SITE_REFUSALS.unknown.api },
    });
  });

  it('from the site itself gets past the guard', async () => {
    const answer = await sendJson(method, url, 'site');
    expect(refusedByGuard(answer.text), `${answer.status} ${answer.text.slice(0, 200)}`).toBe(
      false,
    );
  });
});
