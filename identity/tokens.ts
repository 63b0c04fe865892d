import { randomUUID } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import {
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Database } from '../db/client.ts';
import type { IdentityConfig } from './config.ts';
import type { Secrets } from './crypto/secrets.ts';
import { CognitoError, messages, notAuthorized } from './errors.ts';
import { signingKeys } from './schema.ts';

type PrivateKey = Awaited<ReturnType<typeof importJWK>>;

interface ActiveKey {
  kid: string;
  key: PrivateKey;
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

/** The signing keys, read from the database at most once a minute (or when forced). */
function createKeyStore(db: Database, config: IdentityConfig, secrets: Secrets) {
  let active: ActiveKey | undefined;
  let published: { keys: JWK[] } | undefined;
  let verifyKeys: ReturnType<typeof createLocalJWKSet> | undefined;
  let loadedAt = 0;
  const publishWindowMs = Math.max(config.accessTokenTtl, config.idTokenTtl) * 1000 + 300_000;

  async function load(force = false) {
    if (!force && active && Date.now() - loadedAt < CACHE_MS) return;
    const rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
    const current = rows.find((row) => !row.retiredAt);
    if (!current) throw new Error('No signing key: ensureKeys() must run first');
    active = {
      kid: current.kid,
      key: await importJWK(JSON.parse(secrets.decrypt(current.privateJwk)) as JWK, 'RS256'),
    };
    const now = Date.now();
    const keys = rows
      .filter((row) => !row.retiredAt || now - row.retiredAt.getTime() < publishWindowMs)
      .map((row) => row.publicJwk as unknown as JWK);
    published = { keys };
    verifyKeys = createLocalJWKSet(published);
    loadedAt = now;
  }

  async function createKey(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    await db.transaction(async (tx) => {
      await tx
        .update(signingKeys)
        .set({ retiredAt: new Date() })
        .where(isNull(signingKeys.retiredAt));
      await tx.insert(signingKeys).values({
        kid,
        publicJwk: publicJwk as unknown as Record<string, unknown>,
        privateJwk: secrets.encrypt(JSON.stringify(privateJwk)),
      });
    });
    await load(true);
    return kid;
  }

  // Each of these is set once load() has run.
  return {
    load,
    createKey,
    active: () => active!,
    published: () => published!,
    verifyKeys: () => verifyKeys!,
  };
}

export function createTokenService(
  db: Database,
  config: IdentityConfig,
  secrets: Secrets,
): TokenService {
  const keys = createKeyStore(db, config, secrets);
  const { load } = keys;

  return {
    async ensureKeys() {
      const [current] = await db
        .select({ kid: signingKeys.kid, createdAt: signingKeys.createdAt })
        .from(signingKeys)
        .where(isNull(signingKeys.retiredAt))
        .limit(1);
      const maxAgeMs = config.keyRotationDays * 86_400_000;
      if (!current || (maxAgeMs > 0 && Date.now() - current.createdAt.getTime() > maxAgeMs)) {
        await keys.createKey();
      } else {
        await load(true);
      }
    },
    rotate: keys.createKey,
    async jwks() {
      await load();
      return keys.published();
    },
    async issue(input) {
      await load();
      return signTokens(config, keys.active(), input);
    },
    async verifyAccessToken(token) {
      if (typeof token !== 'string' || token.length > 8192) {
        throw notAuthorized(messages.invalidAccessToken);
      }
      await load();
      try {
        const { payload } = await jwtVerify(token, keys.verifyKeys(), {
          issuer: config.issuer,
          algorithms: ['RS256'],
        });
        if (payload.token_use !== 'access') throw notAuthorized(messages.invalidAccessToken);
        return payload as AccessTokenClaims;
      } catch (error) {
        if (error instanceof CognitoError) throw error;
        if (error instanceof joseErrors.JWTExpired)
          throw notAuthorized(messages.accessTokenExpired);
        if (error instanceof joseErrors.JWKSNoMatchingKey) {
          // A key published by another instance since our last load.
          await load(true);
        }
        throw notAuthorized(messages.invalidAccessToken);
      }
    },
  };
}

/** An ID token and an access token, as Cognito shapes them, signed with the current key. */
async function signTokens(
  config: IdentityConfig,
  { kid, key }: ActiveKey,
  input: TokenClaimsInput,
): Promise<{ idToken: string; accessToken: string }> {
  const now = Math.floor(Date.now() / 1000);
  const attributeClaims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input.attributes)) {
    if (name === 'sub') continue;
    attributeClaims[name] =
      name === 'email_verified' || name === 'phone_number_verified' ? value === 'true' : value;
  }
  const groups = input.groups.length ? { 'cognito:groups': input.groups } : {};
  const id = new SignJWT({
    ...attributeClaims,
    ...groups,
    'cognito:username': input.username,
    origin_jti: input.originJti,
    event_id: input.eventId,
    token_use: 'id',
    auth_time: input.authTime,
    ...(input.nonce ? { nonce: input.nonce } : {}),
    ...(input.identities ? { identities: input.identities } : {}),
  })
    .setProtectedHeader({ kid, alg: 'RS256' })
    .setSubject(input.userId)
    .setIssuer(config.issuer)
    .setAudience(input.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + config.idTokenTtl)
    .setJti(randomUUID())
    .sign(key);
  const access = new SignJWT({
    ...groups,
    version: 2,
    client_id: input.clientId,
    origin_jti: input.originJti,
    event_id: input.eventId,
    token_use: 'access',
    scope: input.scope,
    auth_time: input.authTime,
    username: input.username,
  })
    .setProtectedHeader({ kid, alg: 'RS256' })
    .setSubject(input.userId)
    .setIssuer(config.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + config.accessTokenTtl)
    .setJti(randomUUID())
    .sign(key);
  const [idToken, accessToken] = await Promise.all([id, access]);
  return { idToken, accessToken };
}
