import fs from 'node:fs';
import path from 'node:path';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCES, ports, startCluster, stopCluster, type Cluster } from './cluster.ts';
import { spawnRoost } from './spawn-roost.ts';
import { poolOf, sessionCookie, srpSignIn, type Pool } from './identity-client.ts';
import { driveTraffic, type TrafficResult } from './traffic.ts';
import { api, freshPhoto, leedsHouse, newMember, unique, until, visitor } from './world.ts';
import { openDatabase } from '../../db/client.ts';
import { createSecrets } from '../../identity/crypto/secrets.ts';
import { sharedAdminCredentials } from '../../identity/shared-secrets.ts';

/**
 * Roost as many processes (docs/deploy.md): INSTANCES instances started at once on an empty
 * PostgreSQL database, one Redis, one S3 store, behind HAProxy. Each scenario is its own test so
 * a failure names what broke; they share the cluster and run in order (the last one kills an
 * instance). Run with `npm run test:scale` (needs TEST_DATABASE_URL and redis-server, haproxy).
 */

/** How soon a change made on one instance reaches every other one (docs/deploy.md). */
const PROPAGATION_MS = 30_000;

let cluster: Cluster;
let pool: Pool;

beforeAll(async () => {
  cluster = await startCluster();
  pool = await poolOf(cluster.balancer.url);
}, 1_800_000);

afterAll(stopCluster, 120_000);

const instanceUrls = () => cluster.instances.map((instance) => instance.url);

describe('start-up', () => {
  it('all instances start at once on an empty database with SEED_DEMO=true, seeding once', async () => {
    expect(cluster.startFailures).toEqual([]);
    for (const url of instanceUrls()) {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
    // The demo was seeded once: the seed's marker records how many homes it stored, and the
    // demo lister owns exactly those (a second seed would have added its own).
    const [marker] = await cluster.query<{ listings: number }>(
      "select (value->>'listings')::int as listings from market.app_state where key = 'demo_seed'",
    );
    const [owned] = await cluster.query<{ total: number }>(
      "select count(*)::int as total from market.listings where owner_sub = 'roost-demo'",
    );
    expect(marker?.listings).toBeGreaterThan(0);
    expect(owned?.total).toBe(marker?.listings);
  });

  it.each(['IDENTITY_SECRET', 'APP_SECRET', 'PUBLIC_URL'])(
    'refuses to start without a shared %s, in one line naming it',
    async (setting) => {
      const dataDir = fs.mkdtempSync(path.join(cluster.root, 'refused-'));
      const env = {
        ...cluster.sharedEnv,
        [setting]: '',
        // The test set-up's own warnings (no Stripe keys) are not what an operator is told.
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
        PORT: String(ports.spare),
        HTTPS_PORT: String(ports.spareHttps),
      };
      const outcome = await spawnRoost(env).then(
        async (started) => {
          started.child.kill('SIGTERM');
          await started.exited;
          return { started: true, output: started.output() };
        },
        (error: Error) => ({ started: false, output: error.message }),
      );
      expect(outcome.started, `started without ${setting}`).toBe(false);
      const lines = outcome.output
        .replace(/^exited \(\d+\) before ready:\n/, '')
        .split('\n')
        .filter((line) => line.trim());
      expect(lines, outcome.output).toHaveLength(1);
      expect(lines[0]).toContain(setting);
    },
    300_000,
  );
});

describe('identity shared through the database', () => {
  it('an admin call signed with one instance’s credentials works on every other', async () => {
    const email = unique('admin-target');
    await newMember(cluster, pool, email);
    // Made once by whichever instance started first, sealed in the shared database: read as an
    // operator's tools do, with the shared IDENTITY_SECRET.
    const credentials = await sharedAdminCredentialsOf(cluster);
    for (const instance of cluster.instances) {
      const client = new CognitoIdentityProviderClient({
        region: pool.userPoolId.split('_')[0],
        endpoint: `${instance.url}/idp`,
        credentials,
        maxAttempts: 1,
      });
      try {
        const user = await client.send(
          new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }),
        );
        expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);
      } finally {
        client.destroy();
      }
    }
  });

  it('a token issued by one instance is accepted by every instance', async () => {
    const tokens = await newMember(cluster, pool, unique('token'));
    const keys = await Promise.all(
      instanceUrls().map(async (url) =>
        (await fetch(`${url}/idp/${pool.userPoolId}/.well-known/jwks.json`)).text(),
      ),
    );
    expect(new Set(keys).size).toBe(1);
    for (const url of instanceUrls()) {
      expect((await api(url, '/me/listings', { token: tokens.IdToken })).status).toBe(200);
    }
  });
});

describe('the user journey through the balancer', () => {
  it('signs up, signs in with SRP across two instances, lists a home, finds it, gets an enquiry', async () => {
    const email = unique('seller');
    await newMember(cluster, pool, email);
    // The two SRP steps on different instances, as a balancer may send them.
    const [first, second] = cluster.instances;
    const signedIn = await srpSignIn(pool, email, {
      initiateBase: first!.url,
      respondBase: second!.url,
    });
    expect(signedIn.second.status, JSON.stringify(signedIn.second.body)).toBe(200);
    const token = signedIn.tokens!.IdToken;

    const base = cluster.balancer.url;
    const title = `Scale journey house ${Date.now()}`;
    const created = await api(base, '/listings', {
      method: 'POST',
      body: leedsHouse(title),
      token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const journeyListing = created.body.id as number;

    const found = await until(async () => {
      const page = await api(base, '/search?channel=sale&place=leeds&minBeds=4&type=detached');
      const items = (page.body.items ?? []) as { id: number }[];
      if (!items.some((item) => item.id === journeyListing)) throw new Error('not found yet');
      return items;
    });
    expect(found.some((item) => item.id === journeyListing)).toBe(true);

    const enquiry = await api(base, `/listings/${journeyListing}/enquiries`, {
      method: 'POST',
      headers: visitor(1),
      body: {
        name: 'Scale Buyer',
        email: unique('enquirer'),
        message: 'Is this home still available? I would like to arrange a viewing.',
      },
    });
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(201);
    const listed = await api(base, `/listings/${journeyListing}/enquiries`, { token });
    expect(listed.status).toBe(200);
    expect((listed.body.enquiries as { id: number }[]).map((e) => e.id)).toContain(enquiry.body.id);
  });
});

describe('background work shared by the instances', () => {
  it('an instant alert is sent exactly once', async () => {
    const base = cluster.balancer.url;
    const buyerEmail = unique('alert-buyer');
    const buyer = await newMember(cluster, pool, buyerEmail);
    const saved = await fetch(`${base}/search/for-sale/leeds?radius=10&minBeds=4&type=detached`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: base,
        cookie: sessionCookie(pool, buyer.IdToken),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent: 'save-search',
        name: 'Scale alert',
        frequency: 'instant',
      }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Scale alert');

    const seller = await newMember(cluster, pool, unique('alert-seller'));
    const title = `Scale alert house ${Date.now()}`;
    const created = await api(base, '/listings', {
      method: 'POST',
      body: leedsHouse(title),
      token: seller.IdToken,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const alertMails = () =>
      cluster
        .mails()
        .filter((mail) => mail.to.includes(buyerEmail) && /new or reduced home/.test(mail.subject));
    await until(() => expect(alertMails().length).toBeGreaterThan(0));
    // Two more alert runs after the e-mail: a second e-mail, from any instance, would be out.
    const [{ now } = { now: new Date(0) }] = await cluster.query<{ now: Date }>('select now()');
    await until(async () => {
      const [row] = await cluster.query<{ runs: number }>(
        `select count(*)::int as runs from market.jobs
          where name = 'search-alerts' and status = 'done' and finished_at > $1`,
        [now],
      );
      expect(row!.runs).toBeGreaterThanOrEqual(2);
    });
    expect(alertMails()).toHaveLength(1);
    expect(alertMails()[0]!.body).toContain(String(created.body.id));
  });
});

describe('caches on every instance', () => {
  it(`a deleted photo is gone on every instance within ${PROPAGATION_MS / 1000} s`, async () => {
    const base = cluster.balancer.url;
    const owner = await newMember(cluster, pool, unique('photo'));
    const draft = await api(base, '/drafts', { method: 'POST', token: owner.IdToken });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const uploaded = await fetch(`${base}/api/v1/drafts/${String(draft.body.id)}/media`, {
      method: 'POST',
      headers: {
        origin: base,
        authorization: `Bearer ${owner.IdToken}`,
        'content-type': 'image/jpeg',
      },
      body: new Uint8Array(await freshPhoto()),
    });
    const item = (await uploaded.json()) as { key: string; kind: string };
    expect(uploaded.status, JSON.stringify(item)).toBe(201);
    const image = `/img/${item.key}?w=320&q=75`;
    // Every instance renders and keeps the variant.
    for (const url of instanceUrls()) {
      await until(async () => expect((await fetch(`${url}${image}`)).status).toBe(200));
    }
    const removed = await api(base, `/drafts/${String(draft.body.id)}/media`, {
      method: 'PUT',
      token: owner.IdToken,
      body: { items: [], remove: [{ kind: item.kind, key: item.key }] },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const url of instanceUrls()) {
      await until(
        async () => expect((await fetch(`${url}${image}`)).status).toBe(404),
        PROPAGATION_MS,
      );
    }
  });

  it(`a signed-out search page drops a withdrawn listing on every instance within ${PROPAGATION_MS / 1000} s`, async () => {
    const base = cluster.balancer.url;
    const owner = await newMember(cluster, pool, unique('cache'));
    const title = `Scale cached house ${Date.now()}`;
    const created = await api(base, '/listings', {
      method: 'POST',
      body: leedsHouse(title),
      token: owner.IdToken,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = `/search/for-sale/leeds?radius=10&minBeds=4&type=detached`;
    const link = `href="/property/${String(created.body.id)}/`;
    for (const url of instanceUrls()) {
      await until(async () => expect(await (await fetch(`${url}${page}`)).text()).toContain(link));
    }
    const deleted = await api(base, `/listings/${String(created.body.id)}`, {
      method: 'DELETE',
      token: owner.IdToken,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    for (const url of instanceUrls()) {
      await until(
        async () => expect(await (await fetch(`${url}${page}`)).text()).not.toContain(link),
        PROPAGATION_MS,
      );
    }
  });
});

describe('outages', () => {
  it('Redis stopped for 20 s: no 5xx through the balancer, and /readyz says degraded', async () => {
    const members = [unique('redis-a'), unique('redis-b')];
    for (const email of members) await newMember(cluster, pool, email);
    const traffic = driveTraffic(cluster, pool, { members, withSignUps: true });
    const notDegraded: string[] = [];
    try {
      await until(() => expect(traffic.completed()).toBeGreaterThan(20));
      await cluster.redis.stop();
      try {
        // The outage's length is what the test imposes, not a wait for something.
        const outage = new Promise((resolve) => setTimeout(resolve, 20_000));
        await Promise.all(
          instanceUrls().map((url) =>
            until(async () => {
              const answer = await fetch(`${url}/readyz`);
              const body = await answer.text();
              if (!/degraded/i.test(body))
                throw new Error(`${url}/readyz: ${answer.status} ${body}`);
            }, 15_000).catch((error: unknown) => notDegraded.push(String(error))),
          ),
        );
        await outage;
      } finally {
        await cluster.redis.start();
      }
      const after = traffic.mark();
      await until(() => expect(traffic.completedSince(after)).toBeGreaterThan(20));
    } finally {
      const results = await traffic.stop();
      const failures = results.filter((result) => result.status === 0 || result.status >= 500);
      expect(failures.slice(0, 10)).toEqual([]);
    }
    expect(notDegraded).toEqual([]);
  }, 180_000);

  it('PostgreSQL unreachable: pages 503 with Retry-After, the API 503 JSON, never 401', async () => {
    const member = await newMember(cluster, pool, unique('db-outage'));
    await cluster.postgresProxy.cut();
    try {
      for (const url of instanceUrls()) {
        const pageResponse = await fetch(`${url}/search/for-sale/?outage=${Date.now()}`);
        expect(pageResponse.status).toBe(503);
        expect(pageResponse.headers.get('retry-after')).toMatch(/^\d+$/);
        const read = await api(url, '/search?channel=sale');
        expect(read.status).toBe(503);
        expect(read.headers.get('content-type')).toMatch(/json/);
        const signedIn = await api(url, '/me/listings', { token: member.IdToken });
        expect(signedIn.status).toBe(503);
      }
    } finally {
      await cluster.postgresProxy.restore();
    }
    for (const url of instanceUrls()) {
      await until(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200));
    }
  }, 180_000);

  it('kill -9 of one instance under traffic: only in-flight requests fail, no acknowledged write lost', async () => {
    const members = [unique('kill-a')];
    const owner = await newMember(cluster, pool, members[0]!);
    const listing = await api(cluster.balancer.url, '/listings', {
      method: 'POST',
      body: leedsHouse(`Scale enquiries house ${Date.now()}`),
      token: owner.IdToken,
    });
    expect(listing.status, JSON.stringify(listing.body)).toBe(201);
    const enquireOn = listing.body.id as number;
    const traffic = driveTraffic(cluster, pool, { members, enquireOn });
    let killedAt = 0;
    let results: TrafficResult[];
    try {
      await until(() => expect(traffic.completed()).toBeGreaterThan(30));
      const victim = cluster.instances[INSTANCES - 1]!;
      victim.process.child.kill('SIGKILL');
      await victim.process.exited;
      // Requests sent from here on reach no process of the dead instance; earlier ones may have.
      killedAt = traffic.mark();
      await until(() => expect(traffic.completedSince(killedAt)).toBeGreaterThan(60));
    } finally {
      results = await traffic.stop();
    }
    const failed = results.filter((result) => result.status === 0 || result.status >= 500);
    // A failure is allowed only for a request the dead instance had already taken.
    expect(
      failed.filter((result) => result.started > killedAt),
      `requests after the ${killedAt}th`,
    ).toEqual([]);
    const acknowledged = results.flatMap((result) => (result.enquiryId ? [result.enquiryId] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await cluster.query<{ id: number }>(
      'select id from market.enquiries where id = any($1::bigint[])',
      [acknowledged],
    );
    expect(stored.map((row) => Number(row.id)).sort()).toEqual([...acknowledged].sort());
  }, 240_000);
});

async function sharedAdminCredentialsOf(running: Cluster) {
  const database = await openDatabase({ kind: 'postgres', url: running.database.url });
  try {
    const secrets = createSecrets(Buffer.from(running.sharedEnv.IDENTITY_SECRET!, 'utf8'));
    return await sharedAdminCredentials(database.db, secrets);
  } finally {
    await database.close();
  }
}
