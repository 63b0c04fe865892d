import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function signInCookie(base: string): Promise<string> {
  const config = (await (await fetch(`${base}/amplify-config.json`)).json()) as {
    Auth: { Cognito: { userPoolId: string; userPoolClientId: string } };
  };
  const { userPoolId, userPoolClientId } = config.Auth.Cognito;
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'identity', 'admin-credentials.json'), 'utf8'),
  ) as { accessKeyId: string; secretAccessKey: string };
  const client = new CognitoIdentityProviderClient({
    region: userPoolId.split('_')[0],
    endpoint: `${base}/idp`,
    credentials,
    maxAttempts: 1,
  });
  const email = 'built.actions@example.com';
  const password = 'Correct-Horse-9-Battery';
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        MessageAction: 'SUPPRESS',
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = signedIn.AuthenticationResult!.IdToken!;
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      'cognito:username': string;
    };
    // The cookies Amplify's CookieStorage writes (server/auth/token-cookies.ts reads them).
    // A demo home among the user's favourites, so the favourites page has a note to save.
    const favourite = await fetch(`${base}/api/v1/favourites/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${idToken}` },
    });
    if (!favourite.ok) throw new Error(`Could not add a favourite: ${favourite.status}`);
    const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
    const username = claims['cognito:username'];
    return [
      `${prefix}.LastAuthUser=${encodeURIComponent(username)}`,
      `${prefix}.${encodeURIComponent(username)}.idToken=${idToken}`,
    ].join('; ');
  } finally {
    client.destroy();
  }
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
