import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltSiteUser } from '../support/built-site-user.ts';
import { startRoost, stopRoost, type RoostProcess } from '../support/roost-process.ts';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database.ts';

/**
 * Page actions as `npm start` serves them: the production server bundle, whose copy of the
 * marketplace's error class is not the one the marketplace throws. A use case's validation
 * failure must come back as the field's message on the page, never as the error page.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-built-actions-'));
let roost: RoostProcess;
let cookie = '';
let dropDatabase = async () => {};

/** A signed-in user with a demo home among their favourites, so the note form is shown. */
async function signInCookie(base: string): Promise<string> {
  const user = await createBuiltSiteUser(base, dataDir, 'built.actions@example.com');
  const favourite = await fetch(`${base}/api/v1/favourites/1`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.idToken}` },
  });
  if (!favourite.ok) throw new Error(`Could not add a favourite: ${favourite.status}`);
  return user.cookie;
}

beforeAll(async () => {
  if (!fs.existsSync('build/server/index.js')) {
    throw new Error('No web build: run `npx tsx scripts/ensure-build.ts` (npm test does).');
  }
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  if (testDatabaseKind() === 'postgres') {
    const database = await createEmptyPostgresDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  roost = await startRoost(env);
  cookie = await signInCookie(roost.url);
}, 120_000);

afterAll(async () => {
  if (roost) await stopRoost(roost);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Posts a form to a page as a browser without JavaScript does. */
async function postForm(pathname: string, fields: Record<string, string>) {
  const response = await fetch(`${roost.url}${pathname}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: roost.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text() };
}

describe('page actions in the production build', () => {
  it('shows the saved search name’s message when saving a search fails validation', async () => {
    const { status, html } = await postForm('/search/for-sale/', {
      intent: 'save-search',
      name: 'x'.repeat(81),
      frequency: 'daily',
    });
    expect(status).toBe(422);
    expect(html).toContain('id="save-name-error"');
    expect(html).toContain('Use at most 80 characters');
  });

  it('shows the note’s message when a favourite’s note is too long', async () => {
    const { status, html } = await postForm('/favourites', {
      listingId: '1',
      note: 'n'.repeat(5000),
    });
    expect(status).toBe(422);
    expect(html).toMatch(/class="field-error">Keep your note under [\d,]+ characters</);
  });
});
