import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBuiltSiteUser } from '../support/built-site-user.ts';
import { freePort, startRoost, type RoostProcess } from '../support/roost-process.ts';
import { createPostgresDatabase, testDatabaseKind } from '../support/test-database.ts';

/**
 * API writes (listings, favourites, favourite notes, paid upgrades through the test
 * provider: the order and its payment) while the built server is killed
 * with SIGKILL, again and again; after each restart the server must start and every write it
 * acknowledged (2xx) must be there. Prints acknowledged / lost / failed restarts.
 *
 * `npm test` kills it CRASH_KILLS times (default 1) on PGlite; `npm run test:crash` 30 times on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 1);
const IN_FLIGHT = 4;

const listing = (n: number) => ({
  channel: 'sale',
  propertyType: 'terraced',
  addressLine1: `${n} Crash Test Road`,
  town: 'Leeds',
  postcode: 'LS6 1AB',
  title: `Crash test house number ${n}`,
  description: 'A house written while the server was being killed, to prove it is kept.',
  bedrooms: 3,
  bathrooms: 1,
  receptions: 1,
  tenure: 'freehold',
  councilTaxBand: 'C',
  epcRating: 'D',
  price: 200_000 + n,
  priceQualifier: 'guide_price',
});

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}, 120_000);

describe('SIGKILL during API writes', () => {
  it(`keeps every acknowledged write over ${KILLS} kills (${testDatabaseKind()})`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The same address after each restart: the token's issuer is the site's own URL.
      PORT: String(await freePort()),
      HTTPS_PORT: String(await freePort()),
      // Writes as fast as we can send them: not what the abuse limits are about.
      UPLOADS_PER_HOUR: '100000',
      // Paid upgrades through the built-in test provider (refused in production without this).
      PAYMENTS_TEST_MODE: 'true',
    };
    if (testDatabaseKind() === 'postgres') {
      const database = await createPostgresDatabase();
      env.DATABASE_URL = database.url;
      cleanups.push(database.drop);
    }
    let roost: RoostProcess = await startRoost(env);
    cleanups.push(async () => {
      roost.child.kill('SIGKILL');
    });
    const user = await createBuiltSiteUser(roost.url, dataDir, 'crash.test@example.com');
    const headers = {
      authorization: `Bearer ${user.idToken}`,
      'content-type': 'application/json',
    };

    const listings = new Set<number>();
    const favourites = new Set<number>();
    /**
     * Per favourite, the last acknowledged note and the notes sent after it whose answer the kill
     * cut off (each may or may not have been kept). One note write per favourite at a time, so
     * 'last acknowledged' is well defined.
     */
    const notes = new Map<number, { acknowledged?: string; unanswered: string[] }>();
    const noteInFlight = new Set<number>();
    /** Orders the server acknowledged (201), and those whose 'Pay' it acknowledged. */
    const orders = new Set<number>();
    const paid = new Set<number>();
    let notesAcknowledged = 0;
    let acknowledged = 0;
    let failedRestarts = 0;
    let sequence = 0;

    /** One write of a random kind; remembered only once the server has answered 2xx. */
    async function write(base: string): Promise<void> {
      sequence += 1;
      const n = sequence;
      const own = [...listings];
      const kind = own.length === 0 ? 0 : n % 4;
      try {
        if (kind === 0) {
          const response = await fetch(`${base}/api/v1/listings`, {
            method: 'POST',
            headers,
            body: JSON.stringify(listing(n)),
          });
          if (response.status === 201) {
            listings.add(((await response.json()) as { id: number }).id);
            acknowledged += 1;
          }
        } else if (kind === 1) {
          const id = own[n % own.length]!;
          const response = await fetch(`${base}/api/v1/favourites/${id}`, {
            method: 'PUT',
            headers,
          });
          if (response.status === 204) {
            favourites.add(id);
            acknowledged += 1;
          }
        } else if (kind === 3) {
          // A paid upgrade: the order, then 'Pay' at the test checkout (its signed webhook
          // marks the payment paid and grants the upgrade before the answer comes back).
          const id = own[n % own.length]!;
          const checkout = await fetch(`${base}/api/v1/listings/${id}/checkouts`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              productCode: 'featured_7',
              idempotencyKey: randomBytes(16).toString('hex'),
              startImmediately: true,
            }),
          });
          if (checkout.status !== 201) return;
          const { paymentId } = (await checkout.json()) as { paymentId: number };
          orders.add(paymentId);
          acknowledged += 1;
          const pay = await fetch(`${base}/api/v1/me/payments/${paymentId}/test-outcome`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ outcome: 'pay' }),
          });
          if (pay.ok) {
            paid.add(paymentId);
            acknowledged += 1;
          }
        } else {
          const id = [...favourites][n % Math.max(1, favourites.size)];
          if (id === undefined || noteInFlight.has(id)) return;
          noteInFlight.add(id);
          const state = notes.get(id) ?? { unanswered: [] };
          notes.set(id, state);
          const note = `note ${n}`;
          try {
            const response = await fetch(`${base}/api/v1/favourites/${id}/note`, {
              method: 'PUT',
              headers,
              body: JSON.stringify({ note }),
            });
            if (response.ok) {
              notesAcknowledged += 1;
              state.acknowledged = note;
              state.unanswered = [];
              acknowledged += 1;
            } else state.unanswered.push(note);
          } catch (error) {
            state.unanswered.push(note);
            throw error;
          } finally {
            noteInFlight.delete(id);
          }
        }
      } catch {
        // The connection died with the server: not acknowledged, so nothing to check.
      }
    }

    async function read<T>(url: string): Promise<T> {
      const answer = await fetch(url, { headers });
      if (!answer.ok)
        throw new Error(`after restart: ${url} ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    }

    /** How many acknowledged writes are missing. */
    async function verify(base: string) {
      const own = await read<{ listings: { id: number }[] }>(`${base}/api/v1/me/listings`);
      const ownIds = new Set(own.listings.map((entry) => Number(entry.id)));
      // /me/listings shows the newest 200: older acknowledged listings are read one by one.
      for (const id of listings) {
        if (ownIds.has(id)) continue;
        const answer = await fetch(`${base}/api/v1/listings/${id}`, { headers });
        if (answer.ok) ownIds.add(id);
      }
      const favs = await read<{ ids: number[] }>(`${base}/api/v1/favourites`);
      const favIds = new Set(favs.ids.map(Number));
      // Notes read back from the favourites page (the API has no read of one note), which
      // shows each in its text box: the acknowledged one, or one sent after it.
      const page = await fetch(`${base}/favourites`, { headers: { cookie: user.cookie } });
      const html = await page.text();
      const receipts = new Map<number, string>();
      for (const id of orders) {
        const answer = await fetch(`${base}/api/v1/me/payments/${id}`, { headers });
        if (answer.ok) receipts.set(id, ((await answer.json()) as { status: string }).status);
      }
      const missing = [
        ...[...orders].filter((id) => !receipts.has(id)).map((id) => `order ${id}`),
        ...[...paid]
          .filter((id) => receipts.has(id) && receipts.get(id) !== 'paid')
          .map((id) => `payment ${id} (${receipts.get(id)}, acknowledged as paid)`),
        ...[...listings].filter((id) => !ownIds.has(id)).map((id) => `listing ${id}`),
        ...[...favourites].filter((id) => !favIds.has(id)).map((id) => `favourite ${id}`),
        ...[...notes]
          .filter(
            ([, state]) =>
              state.acknowledged !== undefined &&
              ![state.acknowledged, ...state.unanswered].some((note) => html.includes(`>${note}<`)),
          )
          .map(([id, state]) => `note '${state.acknowledged}' on favourite ${id}`),
      ];
      if (missing.length)
        console.log(
          `missing after restart: ${missing.join(', ')}; own ${[...ownIds].join(',')}; favs ${[...favIds].join(',')}`,
        );
      return missing.length;
    }

    let lost = 0;
    let kills = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const base = roost.url;
      let running = true;
      const workers = Array.from({ length: IN_FLIGHT }, async () => {
        while (running) await write(base);
      });
      // Kill mid-stream: once this run has had a write acknowledged, at a random moment after.
      const before = acknowledged;
      for (let waited = 0; acknowledged === before && waited < 60_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 800));
      roost.child.kill('SIGKILL');
      running = false;
      await roost.exited;
      await Promise.all(workers);
      try {
        roost = await startRoost(env);
      } catch (error) {
        failedRestarts += 1;
        console.log(`restart ${kill + 1} failed: ${String(error).slice(-2000)}`);
        break;
      }
      kills += 1;
      lost += await verify(roost.url);
    }
    roost.child.kill('SIGTERM');
    await roost.exited;

    console.log(
      `crash (${testDatabaseKind()}): ${kills} kills, ${acknowledged} acknowledged writes (listings, favourites, ${notesAcknowledged} favourite notes, ${orders.size} orders, ${paid.size} payments), ${lost} lost, ${failedRestarts} failed restarts`,
    );
    expect(acknowledged).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(failedRestarts).toBe(0);
  }, 3_600_000);
});
