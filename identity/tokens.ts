import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { desc, isNull, sql } from 'drizzle-orm';
import {
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Database } from '../db/client.ts';
import type { IdentityConfig } from './config.ts';
import type { Secrets } from './crypto/secrets.ts';
import { CognitoError, messages, notAuthorized } from './errors.ts';
import { signingKeys } from './schema.ts';
import { openSealed } from './shared-secrets.ts';

interface ActiveKey {
  kid: string;
  /** Parsed once per load: parsing a 2048-bit key costs about as much as a signature. */
  key: KeyObject;
}

export interface TokenClaimsInput {
  userId: string;
  username: string;
  attributes: Record<string, string>;
  groups: string[];
  clientId: string;
  scope: string;
  authTime: number;
  originJti: string;
  eventId: string;
  nonce?: string;
  identities?: unknown[];
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  username: string;
  client_id: string;
  origin_jti: string;
  scope: string;
  token_use: 'access';
  iat: number;
  exp: number;
}

export interface TokenService {
  /** Generates the first key, or a new one when the current is older than the rotation period. */
  ensureKeys(): Promise<void>;
  /** Makes a new key current; the old one stays in the JWKS until its tokens have expired. */
  rotate(): Promise<string>;
  jwks(): Promise<{ keys: JWK[] }>;
  issue(input: TokenClaimsInput): Promise<{ idToken: string; accessToken: string }>;
  /** Verifies signature, issuer, use and expiry: NotAuthorizedException otherwise. */
  verifyAccessToken(token: unknown): Promise<AccessTokenClaims>;
}

const CACHE_MS = 60_000;

export function createTokenService(
  db: Database,
  config: IdentityConfig,
  secrets: Secrets,
): TokenService {
  let loaded: LoadedKeys | undefined;
  const publishWindowMs = Math.max(config.accessTokenTtl, config.idTokenTtl) * 1000 + 300_000;

  async function load(force = false) {
    if (!force && loaded && Date.now() - loaded.at < CACHE_MS) return;
    loaded = await readKeys(db, secrets, publishWindowMs);
  }

  /**
   * Makes a new current key and retires the old one. With `isDue`, only if the current key is
   * still due once the lock is held: instances starting together would otherwise each make one.
   */
  async function createKey(isDue?: (current: { createdAt: Date } | undefined) => boolean) {
    const { publicKey, privateKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    const chosen = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity:signing-key'))`);
      if (isDue) {
        const current = await currentKey(tx);
        if (current && !isDue(current)) return current.kid;
      }
      await tx
        .update(signingKeys)
        .set({ retiredAt: new Date() })
        .where(isNull(signingKeys.retiredAt));
      await tx.insert(signingKeys).values({
        kid,
        publicJwk: publicJwk as unknown as Record<string, unknown>,
        privateJwk: secrets.encrypt(JSON.stringify(privateJwk)),
      });
      return kid;
    });
    await load(true);
    return chosen;
  }

  return {
    async ensureKeys() {
      const maxAgeMs = config.keyRotationDays * 86_400_000;
      const isDue = (current: { createdAt: Date } | undefined) =>
        !current || (maxAgeMs > 0 && Date.now() - current.createdAt.getTime() > maxAgeMs);
      if (isDue(await currentKey(db))) {
        await createKey(isDue);
      } else {
        await load(true);
      }
    },
    rotate: () => createKey(),
    async jwks() {
      await load();
      return loaded!.published;
    },
    async issue(input) {
      await load();
      return issueSigned(loaded!.active, config, input);
    },
    async verifyAccessToken(token) {
      if (typeof token !== 'string' || token.length > 8192) {
        throw notAuthorized(messages.invalidAccessToken);
      }
      await load();
      return verifyAccess(token, loaded!.verifyKeys, config.issuer, () => load(true));
    },
  };
}

interface LoadedKeys {
  /** The key new tokens are signed with. */
  active: ActiveKey;
  /** The JWKS: every key whose tokens may still be unexpired. */
  published: { keys: JWK[] };
  verifyKeys: ReturnType<typeof createLocalJWKSet>;
  at: number;
}

async function readKeys(
  db: Database,
  secrets: Secrets,
  publishWindowMs: number,
): Promise<LoadedKeys> {
  const rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
  const current = rows.find((row) => !row.retiredAt);
  if (!current) throw new Error('No signing key: ensureKeys() must run first');
  const active = {
    kid: current.kid,
    key: createPrivateKey({
      key: JSON.parse(openSealed(secrets, current.privateJwk)) as JWK & { kty: string },
      format: 'jwk',
    }),
  };
  const now = Date.now();
  const keys = rows
    .filter((row) => !row.retiredAt || now - row.retiredAt.getTime() < publishWindowMs)
    .map((row) => row.publicJwk as unknown as JWK);
  const published = { keys };
  return { active, published, verifyKeys: createLocalJWKSet(published), at: now };
}

async function currentKey(on: Database) {
  const [current] = await on
    .select({ kid: signingKeys.kid, createdAt: signingKeys.createdAt })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .limit(1);
  return current;
}

/** User attributes as ID token claims: Cognito sends the `_verified` ones as booleans. */
function attributeClaimsOf(attributes: Record<string, string>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'sub') continue;
    claims[name] =
      name === 'email_verified' || name === 'phone_number_verified' ? value === 'true' : value;
  }
  return claims;
}

/**
 * A compact RS256 JWS, byte for byte what jose's `SignJWT` makes of the same header and claims
 * (JSON in insertion order, base64url, RSASSA-PKCS1-v1_5 with SHA-256), signed synchronously by
 * OpenSSL: no WebCrypto job or promise per token.
 */
export function signRs256(key: KeyObject, header: object, claims: object): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(
    JSON.stringify(claims),
  ).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** The ID and access tokens Cognito would issue, signed with the current key. */
function issueSigned(
  { kid, key }: ActiveKey,
  config: IdentityConfig,
  input: TokenClaimsInput,
): { idToken: string; accessToken: string } {
  const now = Math.floor(Date.now() / 1000);
  const header = { kid, alg: 'RS256' };
  const groups = input.groups.length ? { 'cognito:groups': input.groups } : {};
  // Claim order as jose's builder made it: the payload, then sub, iss, (aud), iat, exp, jti.
  const idToken = signRs256(key, header, {
    ...attributeClaimsOf(input.attributes),
    ...groups,
    'cognito:username': input.username,
    origin_jti: input.originJti,
    event_id: input.eventId,
    token_use: 'id',
    auth_time: input.authTime,
    ...(input.nonce ? { nonce: input.nonce } : {}),
    ...(input.identities ? { identities: input.identities } : {}),
    sub: input.userId,
    iss: config.issuer,
    aud: input.clientId,
    iat: now,
    exp: now + config.idTokenTtl,
    jti: randomUUID(),
  });
  const accessToken = signRs256(key, header, {
    ...groups,
    version: 2,
    client_id: input.clientId,
    origin_jti: input.originJti,
    event_id: input.eventId,
    token_use: 'access',
    scope: input.scope,
    auth_time: input.authTime,
    username: input.username,
    sub: input.userId,
    iss: config.issuer,
    iat: now,
    exp: now + config.accessTokenTtl,
    jti: randomUUID(),
  });
  return { idToken, accessToken };
}

/** Verifies an access token; `reload` fetches keys when it names one not loaded yet. */
async function verifyAccess(
  token: string,
  keys: ReturnType<typeof createLocalJWKSet>,
  issuer: string,
  reload: () => Promise<void>,
): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keys, { issuer, algorithms: ['RS256'] });
    if (payload.token_use !== 'access') throw notAuthorized(messages.invalidAccessToken);
    return payload as AccessTokenClaims;
  } catch (error) {
    if (error instanceof CognitoError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw notAuthorized(messages.accessTokenExpired);
    if (error instanceof joseErrors.JWKSNoMatchingKey) {
      // A key published by another instance since our last load.
      await reload();
    }
    throw notAuthorized(messages.invalidAccessToken);
  }
}
