// The mixed traffic of `npm run bench:load` (docs/security.md), shared with the smoke test in
// `tests/load/load-smoke.test.ts`: search pages, property pages, API reads, sign-ins through
// `/idp` (SRP as Amplify signs in, and USER_PASSWORD_AUTH), favourites, enquiries and image
// variants, sent at a fixed rate
// (an open model: each request starts on its schedule whether or not earlier ones have answered,
// so a slow server sees the queue grow, as it would with real visitors).
import { createBuiltSiteUser } from '../../tests/support/built-site-user.ts';
import {
  plannedRequest,
  TRAFFIC_SHARES,
  type LoadWorld,
  type Planned,
  type TrafficKind,
} from './planned-request.ts';
import { searchMix } from './search-mix.ts';

export {
  plannedRequest,
  TRAFFIC_SHARES,
  type LoadWorld,
  type TrafficKind,
} from './planned-request.ts';

export interface LoadStats {
  requests: number;
  /** Network failures and any status other than 2xx/3xx (a 4xx here means the mix is wrong). */
  errors: { kind: TrafficKind; what: string }[];
  byStatus: Map<number, number>;
  byKind: Map<TrafficKind, number>;
  /** Milliseconds, one per completed request. */
  latencies: number[];
  latenciesByKind: Map<TrafficKind, number[]>;
}

/**
 * Finds what the traffic needs on a running Roost (demo data, as `npm start` seeds it): property
 * pages and image keys from the search pages, and `users` signed-in members.
 */
export async function prepareLoadWorld(
  base: string,
  dataDir: string,
  options: { users?: number } = {},
): Promise<LoadWorld> {
  const config = (await (await fetch(`${base}/amplify-config.json`)).json()) as {
    Auth: { Cognito: { userPoolId: string; userPoolClientId: string } };
  };
  const propertyPaths = new Set<string>();
  const imageKeys = new Set<string>();
  for (const path of ['/search/for-sale/', '/search/for-rent/', '/search/for-sale/?page=2']) {
    const html = await (await fetch(`${base}${path}`)).text();
    for (const [, href] of html.matchAll(/href="(\/property\/\d+\/[^"?#]+)"/g)) {
      propertyPaths.add(href!);
    }
    for (const [, key] of html.matchAll(/\/img\/([A-Za-z0-9_.-]+)\?w=/g)) imageKeys.add(key!);
  }
  if (propertyPaths.size === 0) throw new Error('No property pages found on the search pages.');
  const users: LoadWorld['users'] = [];
  const emails = Array.from(
    { length: options.users ?? 5 },
    (_unused, n) => `load.${n}.${Date.now()}@example.com`,
  );
  for (const email of emails) {
    users.push({ email, user: await createBuiltSiteUser(base, dataDir, email) });
  }
  const listingIds = [...propertyPaths].map((path) => Number(path.split('/')[2]));
  const statuses = await Promise.all(
    listingIds.map(async (id) => {
      const { listing } = (await (await fetch(`${base}/api/v1/listings/${id}`)).json()) as {
        listing?: { status?: string };
      };
      return listing?.status;
    }),
  );
  const enquirableIds = listingIds.filter(
    (_id, index) => statuses[index] === 'active' || statuses[index] === 'under_offer',
  );
  if (enquirableIds.length === 0) throw new Error('No listing takes enquiries.');
  // Every member keeps the first listing as a favourite: the note writes go there.
  for (const { user } of users) {
    const added = await fetch(`${base}/api/v1/favourites/${listingIds[0]}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    if (!added.ok) throw new Error(`Could not add a favourite: ${added.status}`);
  }
  const searchPaths = searchMix(200).map(
    (item) =>
      `/search/for-${item.channel === 'sale' ? 'sale' : 'rent'}/${item.placeSlug ?? ''}?${item.params}`,
  );
  return {
    base,
    clientId: config.Auth.Cognito.userPoolClientId,
    poolName: config.Auth.Cognito.userPoolId.split('_')[1]!,
    users,
    propertyPaths: [...propertyPaths],
    listingIds,
    enquirableIds,
    // A hot set, as a CDN would see it: first renders take ~0.2–1 s of CPU each, and rendering
    // every photo in every width would measure sharp, not the server (`npm run bench:images`).
    imageKeys: [...imageKeys].slice(0, 6),
    searchPaths,
  };
}

/**
 * A request that has not settled after 45 s counts as failed. fetch's own 30 s timeout should
 * always come first, but a request can still wait for ever while the server sits idle; this way
 * such a request is reported (with its kind) instead of hanging the run.
 */
const REQUEST_DEADLINE_MS = 45_000;
async function withinDeadline<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_DEADLINE_MS / 1000} s`)),
      REQUEST_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the mix at `rate` requests per second for `seconds`, then waits for the stragglers.
 * `onSecond` is called once a second with the elapsed seconds (for RSS samples, progress).
 */
export async function runLoad(
  world: LoadWorld,
  options: { rate: number; seconds: number; onSecond?: (elapsed: number) => void },
): Promise<LoadStats> {
  const stats: LoadStats = {
    requests: 0,
    errors: [],
    byStatus: new Map(),
    byKind: new Map(),
    latencies: [],
    latenciesByKind: new Map(),
  };
  const total = Math.round(options.rate * options.seconds);
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let lastSecond = 0;
  const send = async (n: number) => {
    const planned = plannedRequest(world, n);
    const begun = performance.now();
    try {
      const response = await withinDeadline(async () => {
        const answer = planned.perform
          ? await planned.perform()
          : await fetch(`${world.base}${planned.what}`, {
              redirect: 'manual',
              signal: AbortSignal.timeout(30_000),
              ...planned.init,
            });
        await answer.arrayBuffer();
        return answer;
      });
      const took = performance.now() - begun;
      stats.latencies.push(took);
      const ofKind = stats.latenciesByKind.get(planned.kind) ?? [];
      ofKind.push(took);
      stats.latenciesByKind.set(planned.kind, ofKind);
      stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
      if (response.status >= 400) {
        stats.errors.push({ kind: planned.kind, what: `${response.status} ${planned.what}` });
      }
    } catch (error) {
      // fetch's own message ('fetch failed') hides why: the cause says refused, reset, timed out.
      const cause = (error as { cause?: unknown }).cause;
      stats.errors.push({
        kind: planned.kind,
        what: `${String(error)}${cause ? ` (${String(cause)})` : ''} ${planned.what}`,
      });
    } finally {
      stats.requests += 1;
      stats.byKind.set(planned.kind, (stats.byKind.get(planned.kind) ?? 0) + 1);
    }
  };
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const elapsed = Math.floor((performance.now() - started) / 1000);
    if (elapsed > lastSecond) {
      lastSecond = elapsed;
      options.onSecond?.(elapsed);
    }
    const request = send(n).finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return stats;
}

/** The p-th percentile (0–100) of `values`, in their unit. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The resident set size of a process, in MiB (Linux: /proc/<pid>/status). */
export async function rssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}

/** CPU seconds the process has used so far (user + system, all its threads), in ms. */
export async function processCpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The server's CPU time per request of each kind, `count` requests each, 4 at a time: a figure
 * that does not depend on how loaded the machine is (unlike latency), for before/after work.
 */
export async function cpuPerKind(
  world: LoadWorld,
  pid: number,
  count: number,
): Promise<Map<TrafficKind, number>> {
  const perKind = new Map<TrafficKind, number>();
  for (const kind of Object.keys(TRAFFIC_SHARES) as TrafficKind[]) {
    const planned: Planned[] = [];
    for (let n = 0; planned.length < count; n += 1) {
      const request = plannedRequest(world, n);
      if (request.kind === kind) planned.push(request);
    }
    const before = await processCpuMs(pid);
    for (let index = 0; index < planned.length; index += 4) {
      await Promise.all(
        planned.slice(index, index + 4).map(async (request) => {
          const response = request.perform
            ? await request.perform()
            : await fetch(`${world.base}${request.what}`, { redirect: 'manual', ...request.init });
          await response.arrayBuffer();
        }),
      );
    }
    perKind.set(kind, ((await processCpuMs(pid)) - before) / count);
  }
  return perKind;
}
