import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_INTENT } from '../../server/http/form-submission.ts';
import { createBuiltSiteUser } from '../support/built-site-user.ts';
import { startBuiltRoost, type RoostProcess } from '../support/roost-process.ts';

/**
 * Page actions as `npm start` serves them: the production server bundle, whose copy of the
 * marketplace's error class is not the one the marketplace throws. A use case's validation
 * failure must come back as the field's message on the page, never as the error page.
 */
let roost: RoostProcess;
let cookie = '';
let dataDir = '';
let stop = async () => {};

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
  ({ roost, dataDir, stop } = await startBuiltRoost('built-actions'));
  cookie = await signInCookie(roost.url);
}, 300_000);

afterAll(() => stop());

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

  it('answers a form whose intent the page does not know with 400 and the one message', async () => {
    for (const [pathname, fields] of [
      ['/favourites', { intent: 'publish', listingId: '1' }],
      ['/search/for-sale/', { intent: 'publish' }],
      ['/my-account/data', { intent: 'erase-everything' }],
    ] as const) {
      const { status, html } = await postForm(pathname, fields);
      expect(status, pathname).toBe(400);
      expect(html, pathname).toContain(`<p class="lead">${UNKNOWN_INTENT}</p>`);
    }
  });
});
