import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Identity's own Postgres schema: the marketplace never reads these tables. */
export const identity = pgSchema('identity');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = identity.table(
  'users',
  {
    /** The `sub`, and also the internal username (Cognito does the same for e-mail pools). */
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    /** Lower-cased, for case-insensitive sign-in; unique among users who hold it as an alias. */
    email: text('email'),
    phoneNumber: text('phone_number'),
    /** Every attribute as Cognito reports it: strings, `*_verified` as "true"/"false". */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    /** UNCONFIRMED | CONFIRMED | FORCE_CHANGE_PASSWORD | RESET_REQUIRED | EXTERNAL_PROVIDER */
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    srpSalt: text('srp_salt'),
    /** AES-GCM sealed with a key derived from IDENTITY_SECRET. */
    srpVerifier: text('srp_verifier'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    totpPending: text('totp_pending'),
    totpLastStep: integer('totp_last_step'),
    mfaTotp: boolean('mfa_totp').notNull().default(false),
    mfaSms: boolean('mfa_sms').notNull().default(false),
    mfaEmail: boolean('mfa_email').notNull().default(false),
    /** SOFTWARE_TOKEN_MFA | SMS_MFA | EMAIL_OTP */
    preferredMfa: text('preferred_mfa'),
    /** Tokens issued before this instant are revoked (GlobalSignOut). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_phone_number_key').on(table.phoneNumber),
    index('users_created_at_idx').on(table.createdAt),
  ],
);

export const groups = identity.table('groups', {
  name: text('name').primaryKey(),
  description: text('description'),
  precedence: integer('precedence'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userGroups = identity.table(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupName: text('group_name')
      .notNull()
      .references(() => groups.name, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupName] }),
    index('user_groups_group_idx').on(table.groupName),
  ],
);

/** One live code per user and purpose: sign-up, reset, attribute verification, MFA. */
export const codes = identity.table(
  'codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    sendWindowStart: timestamp('send_window_start', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

/** Sign-in state between InitiateAuth and RespondToAuthChallenge: single use, minutes long. */
export const authSessions = identity.table(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_sessions_expires_idx').on(table.expiresAt)],
);

/** A refresh-token family: `id` is the `origin_jti` of every token issued from it. */
export const refreshTokens = identity.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    deviceKey: text('device_key'),
    /** Hash of the SRP secret block that opened this sign-in: a replayed answer conflicts. */
    authHandleHash: text('auth_handle_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    uniqueIndex('refresh_tokens_auth_handle_key').on(table.authHandleHash),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const signingKeys = identity.table('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** Sealed with the identity secret. */
  privateJwk: text('private_jwk').notNull(),
  createdAt: createdAt(),
  /** Set when a newer key takes over; the key stays published until its tokens expire. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * Values an instance would otherwise generate for itself (the admin API credentials), created
 * once by whichever instance starts first, sealed with the identity secret, and read by every
 * instance sharing the database.
 */
export const sharedSecrets = identity.table('shared_secrets', {
  name: text('name').primaryKey(),
  /** Sealed with the identity secret. */
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
});

export const devices = identity.table(
  'devices',
  {
    deviceKey: text('device_key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    salt: text('salt'),
    verifier: text('verifier'),
    name: text('name'),
    remembered: boolean('remembered').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastAuthenticatedAt: timestamp('last_authenticated_at', { withTimezone: true }),
  },
  (table) => [index('devices_user_idx').on(table.userId)],
);

/** A user's link to a social provider (`Google_<sub>`). */
export const federatedIdentities = identity.table(
  'federated_identities',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerUserId] }),
    index('federated_identities_user_idx').on(table.userId),
  ],
);

/** Hosted-OAuth state: authorization codes and in-flight federation round trips. */
export const oauthGrants = identity.table(
  'oauth_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oauth_grants_expires_idx').on(table.expiresAt)],
);

/** The abuse limiter's database counters, defined with the limiter (`limits/`). */
export { rateLimits } from '../limits/schema.ts';

/**
 * Sign-in history (AdminListUserAuthEvents). The client address is kept only as its network (the
 * /24 of an IPv4 address, the /48 of an IPv6 one), never in full; rows go with their user and
 * after the retention period.
 */
export const authEvents = identity.table(
  'auth_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SignIn (Cognito's EventType). */
    eventType: text('event_type').notNull(),
    /** Pass | Fail */
    eventResponse: text('event_response').notNull(),
    /** Cognito's ChallengeResponses: `[{ ChallengeName: Password | Mfa, ChallengeResponse }]`. */
    challengeResponses: jsonb('challenge_responses')
      .$type<{ ChallengeName: string; ChallengeResponse: string }[]>()
      .notNull(),
    /** e.g. `203.0.113.0/24`, `2001:db8:1::/48`; null when the address was not known. */
    addressClass: text('address_class'),
    createdAt: createdAt(),
  },
  (table) => [
    index('auth_events_user_created_idx').on(table.userId, table.createdAt),
    index('auth_events_created_idx').on(table.createdAt),
  ],
);
