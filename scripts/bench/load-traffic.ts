// The mixed traffic of `npm run bench:load` (issue 15), shared with the smoke test in
// `tests/load/load-smoke.test.ts`: search pages, property pages, API reads, sign-ins through
// `/idp` (USER_PASSWORD_AUTH), favourites, enquiries and image variants, sent at a fixed rate
// (an open model: each request starts on its schedule whether or not earlier ones have answered,
// so a slow server sees the queue grow, as it would with real visitors).
import { createBuiltSiteUser, type BuiltSiteUser } from '../../tests/support/built-site-user.ts';
import { searchMix } from './search-mix.ts';

export type TrafficKind =
  'search-page' | 'property-page' | 'api-read' | 'sign-in' | 'favourite' | 'enquiry' | 'image';

/** Shares of the mix, out of 100. */
export const TRAFFIC_SHARES: Record<TrafficKind, number> = {
  'search-page': 20,
  'property-page': 20,
  'api-read': 20,
  'sign-in': 5,
  favourite: 15,
  enquiry: 5,
  image: 15,
};

const PASSWORD = 'Correct-Horse-9-Battery';

export interface LoadWorld {
  base: string;
  clientId: string;
  users: { email: string; user: BuiltSiteUser }[];
  propertyPaths: string[];
  listingIds: number[];
  /** Listings still taking enquiries (active or under offer). */
  enquirableIds: number[];
  imageKeys: string[];
  searchPaths: string[];
}

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
    Auth: { Cognito: { userPoolClientId: string } };
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

interface Planned {
  kind: TrafficKind;
  what: string;
  init?: RequestInit;
}

/** The n-th request of the mix (deterministic: the same run sends the same requests). */
export function plannedRequest(world: LoadWorld, n: number): Planned {
  const kinds = Object.entries(TRAFFIC_SHARES).flatMap(([kind, share]) =>
    Array<TrafficKind>(share).fill(kind as TrafficKind),
  );
  // Spread each kind over the cycle rather than in blocks (7 is coprime with 100).
  const kind = kinds[(n * 7) % kinds.length]!;
  const pick = <T>(items: readonly T[]) => items[(n * 31 + Math.floor(n / 100)) % items.length]!;
  const member = pick(world.users);
  const bearer = { authorization: `Bearer ${member.user.idToken}` };
  // A visitor's own address (TRUST_PROXY=loopback): the per-address abuse limits are about one
  // sender, not about a bench sending as thousands of visitors from one loopback address.
  const visitor = { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  // Not the first listing: members keep it as a favourite (notes go there).
  const listingId = pick(world.listingIds.slice(1));
  switch (kind) {
    case 'search-page':
      return { kind, what: pick(world.searchPaths) };
    case 'property-page':
      return { kind, what: pick(world.propertyPaths) };
    case 'api-read': {
      const reads = [
        `/api/v1/listings/${listingId}`,
        `/api/v1/search?channel=${n % 2 ? 'rent' : 'sale'}&limit=24`,
        `/api/v1/listing-cards?ids=${world.listingIds.slice(0, 6).join(',')}`,
        `/api/v1/places?q=${['lee', 'man', 'bri', 'lon', 'york'][n % 5]}`,
      ];
      return { kind, what: reads[n % reads.length]! };
    }
    case 'sign-in':
      return {
        kind,
        what: '/idp',
        init: {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            ...visitor,
          },
          body: JSON.stringify({
            ClientId: world.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: member.email, PASSWORD },
          }),
        },
      };
    case 'favourite': {
      // Add, note, list, remove in turn: the member's favourites stay bounded.
      const step = Math.floor(n / 100) % 4;
      if (step === 0) {
        return {
          kind,
          what: `/api/v1/favourites/${listingId}`,
          init: { method: 'PUT', headers: bearer },
        };
      }
      if (step === 1) {
        return {
          kind,
          what: `/api/v1/favourites/${world.listingIds[0]}/note`,
          init: {
            method: 'PUT',
            headers: { ...bearer, 'content-type': 'application/json' },
            body: JSON.stringify({ note: `Load note ${n}` }),
          },
        };
      }
      if (step === 2) return { kind, what: '/api/v1/favourites', init: { headers: bearer } };
      return {
        kind,
        what: `/api/v1/favourites/${listingId}`,
        init: { method: 'DELETE', headers: bearer },
      };
    }
    case 'enquiry':
      return {
        kind,
        what: `/api/v1/listings/${pick(world.enquirableIds)}/enquiries`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...visitor },
          body: JSON.stringify({
            name: 'Load Tester',
            email: `load.enquiry.${n}.${Date.now()}@example.com`,
            message: 'Is this home still available? I would like to arrange a viewing.',
          }),
        },
      };
    case 'image': {
      const widths = [320, 640, 960];
      const what =
        world.imageKeys.length > 0
          ? `/img/${pick(world.imageKeys)}?w=${widths[n % widths.length]}&q=75`
          : pick(world.propertyPaths);
      return { kind, what, init: { headers: { accept: 'image/webp,*/*' } } };
    }
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
      const response = await fetch(`${world.base}${planned.what}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
        ...planned.init,
      });
      await response.arrayBuffer();
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
      stats.errors.push({ kind: planned.kind, what: `${String(error)} ${planned.what}` });
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
