// The requests of the mixed traffic in load-traffic.ts: which kind the n-th request is, and what
// it sends (deterministic, so the same run sends the same requests).
import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  g,
  modPow,
  srpTimestamp,
} from '../../identity/srp.ts';
import type { BuiltSiteUser } from '../../tests/support/built-site-user.ts';

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

export interface Planned {
  kind: TrafficKind;
  what: string;
  init?: RequestInit;
  /** A request that is more than one fetch (SRP): answers the last response. */
  perform?: () => Promise<Response>;
}

type Headers = Record<string, string>;

function apiRead(world: LoadWorld, n: number, listingId: number): string {
  const reads = [
    `/api/v1/listings/${listingId}`,
    `/api/v1/search?channel=${n % 2 ? 'rent' : 'sale'}&limit=24`,
    `/api/v1/listing-cards?ids=${world.listingIds.slice(0, 6).join(',')}`,
    `/api/v1/places?q=${['lee', 'man', 'bri', 'lon', 'york'][n % 5]}`,
  ];
  return reads[n % reads.length]!;
}

function passwordSignIn(world: LoadWorld, email: string, visitor: Headers): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      ...visitor,
    },
    body: JSON.stringify({
      ClientId: world.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  };
}

/** Add, note, list, remove in turn: the member's favourites stay bounded. */
function favouriteRequest(
  world: LoadWorld,
  n: number,
  listingId: number,
  bearer: Headers,
): Omit<Planned, 'kind'> {
  const step = Math.floor(n / 100) % 4;
  if (step === 0) {
    return { what: `/api/v1/favourites/${listingId}`, init: { method: 'PUT', headers: bearer } };
  }
  if (step === 1) {
    return {
      what: `/api/v1/favourites/${world.listingIds[0]}/note`,
      init: {
        method: 'PUT',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ note: `Load note ${n}` }),
      },
    };
  }
  if (step === 2) return { what: '/api/v1/favourites', init: { headers: bearer } };
  return { what: `/api/v1/favourites/${listingId}`, init: { method: 'DELETE', headers: bearer } };
}

function enquiry(world: LoadWorld, n: number, visitor: Headers): RequestInit {
  return {
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
  };
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
    case 'api-read':
      return { kind, what: apiRead(world, n, listingId) };
    case 'sign-in':
      return { kind, what: '/idp', init: passwordSignIn(world, member.email, visitor) };
    case 'srp-sign-in':
      return {
        kind,
        what: '/idp (USER_SRP_AUTH, PASSWORD_VERIFIER)',
        perform: () => srpSignIn(world, member.email, visitor),
      };
    case 'favourite':
      return { kind, ...favouriteRequest(world, n, listingId, bearer) };
    case 'enquiry':
      return {
        kind,
        what: `/api/v1/listings/${pick(world.enquirableIds)}/enquiries`,
        init: enquiry(world, n, visitor),
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
