// The mixed traffic of `npm run bench:load` (docs/security.md), shared with the smoke test in
// `tests/load/load-smoke.test.ts`: search pages, property pages, API reads, sign-ins through
// `/idp` (SRP as Amplify signs in, and USER_PASSWORD_AUTH), favourites, enquiries and image
// variants, sent at a fixed rate
// (an open model: each request starts on its schedule whether or not earlier ones have answered,
// so a slow server sees the queue grow, as it would with real visitors).
import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  g,
  modPow,
  srpTimestamp,
} from '../../identity/srp.ts';
import { createBuiltSiteUser, type BuiltSiteUser } from '../../tests/support/built-site-user.ts';
import { searchMix } from './search-mix.ts';

export type TrafficKind =
  | 'search-page'
  | 'property-page'
  | 'api-read'
  | 'sign-in'
  | 'srp-sign-in'
  | 'favourite'
  | 'enquiry'
  | 'image';

/** Shares of the mix, out of 100. An SRP sign-in is two requests, counted as one. */
export const TRAFFIC_SHARES: Record<TrafficKind, number> = {
  'search-page': 20,
  'property-page': 20,
  'api-read': 20,
  'sign-in': 2,
  'srp-sign-in': 3,
  favourite: 15,
  enquiry: 5,
  image: 15,
};

const PASSWORD = 'Correct-Horse-9-Battery';

export interface LoadWorld {
  base: string;
  clientId: string;
  /** The pool's name (after the region in its id): SRP hashes it into the password. */
  poolName: string;
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

interface Planned {
  kind: TrafficKind;
  what: string;
  init?: RequestInit;
  /** A request that is more than one fetch (SRP): answers the last response. */
  perform?: () => Promise<Response>;
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
    case 'srp-sign-in':
      return {
        kind,
        what: '/idp (USER_SRP_AUTH, PASSWORD_VERIFIER)',
        perform: () => srpSignIn(world, member.email, visitor),
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
          // Signed out, as the property page's form sends it: from the site's own origin.
          headers: {
            'content-type': 'application/json',
            origin: new URL(world.base).origin,
            ...visitor,
          },
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

/** Per member, x and g^x (from salt and password): a client's work, done once by the bench. */
const passwordSecrets = new Map<string, { x: bigint; gx: bigint }>();

/**
 * A sign-in as Amplify makes it: InitiateAuth with USER_SRP_AUTH, then RespondToAuthChallenge
 * with the PASSWORD_VERIFIER claim. Answers the second response (or the first when it failed).
 */
async function srpSignIn(
  world: LoadWorld,
  email: string,
  headers: Record<string, string>,
): Promise<Response> {
  const call = (target: string, body: unknown) =>
    fetch(`${world.base}/idp`, {
      method: 'POST',
      signal: AbortSignal.timeout(30_000),
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const ephemeral = createClientEphemeral();
  const initiated = await call('InitiateAuth', {
    ClientId: world.clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: email, SRP_A: ephemeral.A.toString(16) },
  });
  if (!initiated.ok) return initiated;
  const challenge = ((await initiated.json()) as { ChallengeParameters: Record<string, string> })
    .ChallengeParameters;
  const userId = challenge.USER_ID_FOR_SRP!;
  let secrets = passwordSecrets.get(email);
  if (!secrets) {
    const x = computeX(challenge.SALT!, world.poolName, userId, PASSWORD);
    secrets = { x, gx: modPow(g, x) };
    passwordSecrets.set(email, secrets);
  }
  const key = clientSessionKey({ ...ephemeral, B: BigInt(`0x${challenge.SRP_B}`), ...secrets });
  const timestamp = srpTimestamp();
  return call('RespondToAuthChallenge', {
    ClientId: world.clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(
        key,
        world.poolName,
        userId,
        challenge.SECRET_BLOCK!,
        timestamp,
      ),
    },
  });
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
