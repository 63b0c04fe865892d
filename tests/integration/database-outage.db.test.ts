import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestApp } from '../../server/auth/auth-test-app.ts';

/**
 * While the database does not answer, a signed-in visitor's token cannot be checked: the site
 * answers 503 with Retry-After (a page saying to try again, the API's JSON error), never 401,
 * which would make the browser treat the visitor as signed out.
 */
let site: AuthTestApp;
let idToken: string;

beforeAll(async () => {
  site = await startAuthTestApp();
  idToken = (await site.createUser('outage@example.com', ['admins'])).IdToken;
});
afterAll(async () => {
  await site.stop();
});

function cookieFor(token: string): string {
  const { clientId } = site.identity.config;
  const username = String(decodeJwt(token)['cognito:username']);
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  return [
    `${encodeURIComponent(`${prefix}.LastAuthUser`)}=${encodeURIComponent(username)}`,
    `${encodeURIComponent(`${prefix}.${username}.idToken`)}=${token}`,
  ].join('; ');
}

describe('a signed-in visitor while the database is away', () => {
  it('is signed in while it answers (control)', async () => {
    const page = await fetch(`${site.base}/guarded/account`, {
      headers: { cookie: cookieFor(idToken) },
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    const api = await fetch(`${site.base}/api/v1/admin/reports`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(api.status).toBe(200);
  });

  it('gets 503 with Retry-After on a page and on the API, not 401', async () => {
    // The database stops answering: every query now fails to connect.
    await site.database.close();

    const page = await fetch(`${site.base}/guarded/account`, {
      headers: { cookie: cookieFor(idToken) },
      redirect: 'manual',
    });
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Roost is briefly unavailable');
    expect(html).toContain('Please try again in a minute.');

    const api = await fetch(`${site.base}/api/v1/admin/reports`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(api.status).toBe(503);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await api.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});
