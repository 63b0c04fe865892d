import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { z } from 'zod';
import { parseIdentityConfig, type IdentityConfig } from '../identity/public.ts';
import { ConfigError } from './config-error.ts';
import { parseMailConfig, type MailConfig } from './mail/mail-config.ts';
import {
  parsePaymentsConfig,
  type PaymentsConfig,
} from './marketplace/payments/payments-config.ts';
import { parseMediaConfig, type MediaConfig } from './media/media-config.ts';

export { ConfigError };

/**
 * Every setting Roost reads, validated once at start-up. A bad value stops the process with one
 * line naming the variable (see `loadConfig`), never a stack trace mid-request.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = (fallback: number) =>
  z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole number')
    .min(1, 'expected a port number from 1 to 65535')
    .max(65535, 'expected a port number from 1 to 65535')
    .default(fallback);

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/.+/, 'expected a postgres:// connection URL')
  .optional();

const httpsUrl = z.url({
  protocol: /^https?$/,
  message: 'expected an absolute http(s) URL such as https://example.com/roost',
});

/**
 * Which proxies may say who the client is (`X-Forwarded-For`), in Express's own `trust proxy`
 * terms: a hop count, or addresses, CIDR ranges and the names `loopback`, `linklocal` and
 * `uniquelocal`. Unset trusts none, so nobody can pick their own address for per-address limits.
 * `true` (trust every hop) is refused: the client could then write the address itself.
 */
export type TrustProxy = false | number | string;

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (/^(false|none)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 32) return hops === 0 ? false : hops;
    } else if (!/^true$/i.test(value)) {
      const list = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .join(', ');
      try {
        // Express compiles the list the way it will use it, and throws on anything it cannot.
        express().set('trust proxy', list);
        if (list) return list;
      } catch {
        // Reported below.
      }
    }
    context.addIssue({
      code: 'custom',
      message:
        'expected a hop count (such as 1) or proxy addresses and CIDR ranges separated by commas (such as loopback, 10.0.0.0/8)',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(3000),
  TRUST_PROXY: trustProxy.optional(),
  PUBLIC_URL: z
    .url({ message: 'expected an absolute URL such as https://roost.example' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GEOCODER: z
    .enum(['offline', 'postcodes.io'], { message: 'expected offline or postcodes.io' })
    .default('offline'),
  GEOCODER_URL: z.url({ message: 'expected an absolute URL' }).default('https://api.postcodes.io'),
  APP_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  JOB_POLL_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(5_000),
  ALERT_INTERVAL_SECONDS: z.coerce
    .number({ message: 'expected seconds' })
    .int()
    .min(1)
    .max(3600)
    .default(60),
  SEARCH_PAGE_CACHE_SECONDS: z.coerce
    .number({ message: 'expected seconds' })
    .int()
    .min(0)
    .max(300)
    .default(10),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: 'expected milliseconds' })
    .int()
    .min(0)
    .max(120_000)
    .default(10_000),
  // The site shell (footer, header, contact form). Optional links are hidden when unset.
  COMPANY_NAME: z.string().trim().min(2).max(120).default('Roost Property Ltd'),
  COMPANY_NUMBER: z
    .string()
    .regex(/^(\d{8}|[A-Z]{2}\d{6})$/, 'expected a Companies House number such as 12345678')
    .optional(),
  BLOG_URL: httpsUrl.default('https://blog.roost.example/'),
  SOCIAL_FACEBOOK_URL: httpsUrl.optional(),
  SOCIAL_INSTAGRAM_URL: httpsUrl.optional(),
  SOCIAL_X_URL: httpsUrl.optional(),
  SOCIAL_LINKEDIN_URL: httpsUrl.optional(),
  SOCIAL_YOUTUBE_URL: httpsUrl.optional(),
  OPERATOR_EMAIL: z.email({ message: 'expected an e-mail address' }).default('hello@roost.example'),
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce
    .number({ message: 'expected a number of messages' })
    .int('expected a whole number')
    .min(1)
    .max(1000)
    .default(5),
  /** Redis for the shared abuse limiter (e.g. redis://127.0.0.1:6379); unset: the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'expected a redis:// or rediss:// URL' })
    .optional(),
  UPLOADS_PER_HOUR: z.coerce
    .number({ message: 'expected a number of uploads' })
    .int('expected a whole number')
    .min(1)
    .max(100_000)
    .default(300),
  /**
   * The day (YYYY-MM-DD) from which every let in England must show its PRS Database registration
   * number, once the regulations commence; unset: the number is optional.
   */
  PRS_DATABASE_REQUIRED_FROM: z.iso.date('expected a date as YYYY-MM-DD').optional(),
  /** Server processes (node:cluster); unset: one per core with PostgreSQL, one with PGlite. */
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'expected a number of processes' })
    .int('expected a whole number')
    .min(1)
    .max(64)
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  /** Express's `trust proxy`: which proxies' `X-Forwarded-*` headers count (false: none). */
  trustProxy: TrustProxy;
  /** Base URL the site is reached at, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** `undefined` means the embedded PGlite database under `dataDir/pg`. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  shutdownTimeoutMs: number;
  /** How long a signed-out visitor's search page is reused (0: never). */
  searchPageCacheSeconds: number;
  /** How postcodes are placed: listing centroids offline, or postcodes.io. */
  geocoder: { kind: Env['GEOCODER']; url: string };
  /** Signs alert unsubscribe links; generated into DATA_DIR when unset. */
  appSecret: string | undefined;
  /** How often the background worker looks for due jobs, and how often alerts are checked. */
  jobs: { pollMs: number; alertIntervalMs: number };
  site: SiteConfig;
  /** Where contact-form messages are sent. */
  operatorEmail: string;
  contactRateLimitPerHour: number;
  /** The abuse limiter's store: Redis when set, else the database. */
  redisUrl: string | undefined;
  uploadsPerHour: number;
  /** From this day (YYYY-MM-DD) a let in England needs its PRS Database number; null: optional. */
  prsDatabaseRequiredFrom: string | null;
  /** Server processes under node:cluster (1: no cluster); the background jobs run in one. */
  webConcurrency: number;
  /** Paid upgrades: Stripe with keys, else the built-in stand-in provider (docs/payments.md). */
  payments: PaymentsConfig;
  /** Upload limits and the blob store (local files, or S3). */
  media: MediaConfig;
  /** SMTP, an SMS provider, or the DATA_DIR/outbox. */
  mail: MailConfig;
  /** The embedded Cognito-compatible user pool, or Amazon Cognito (docs/identity.md). */
  identity: IdentityConfig;
}

/** Public facts about the site, safe to send to the browser (never put a secret here). */
export interface SiteConfig {
  companyName: string;
  companyNumber: string | undefined;
  blogUrl: string;
  socialLinks: { name: string; url: string }[];
}

export function parseConfig(source: NodeJS.ProcessEnv): Config {
  // Empty strings count as unset, as they do in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const given = present[name];
    const shown = given === undefined ? '' : ` (got ${JSON.stringify(given.slice(0, 60))})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  if (env.DATABASE_URL) refuseMissingSharedSettings(present);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    trustProxy: env.TRUST_PROXY ?? false,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    searchPageCacheSeconds: env.SEARCH_PAGE_CACHE_SECONDS,
    geocoder: { kind: env.GEOCODER, url: env.GEOCODER_URL },
    appSecret: env.APP_SECRET,
    jobs: { pollMs: env.JOB_POLL_MS, alertIntervalMs: env.ALERT_INTERVAL_SECONDS * 1000 },
    site: {
      companyName: env.COMPANY_NAME,
      companyNumber: env.COMPANY_NUMBER,
      blogUrl: env.BLOG_URL,
      socialLinks: (
        [
          ['Facebook', env.SOCIAL_FACEBOOK_URL],
          ['Instagram', env.SOCIAL_INSTAGRAM_URL],
          ['X', env.SOCIAL_X_URL],
          ['LinkedIn', env.SOCIAL_LINKEDIN_URL],
          ['YouTube', env.SOCIAL_YOUTUBE_URL],
        ] as const
      ).flatMap(([name, url]) => (url ? [{ name, url }] : [])),
    },
    operatorEmail: env.OPERATOR_EMAIL,
    contactRateLimitPerHour: env.CONTACT_RATE_LIMIT_PER_HOUR,
    redisUrl: env.REDIS_URL,
    uploadsPerHour: env.UPLOADS_PER_HOUR,
    prsDatabaseRequiredFrom: env.PRS_DATABASE_REQUIRED_FROM ?? null,
    webConcurrency: webConcurrency(env),
    // Each part's own settings, read from the same variables.
    payments: oneLine(() =>
      parsePaymentsConfig(present, { isProduction, companyName: env.COMPANY_NAME }),
    ),
    media: oneLine(() => parseMediaConfig(present, dataDir)),
    mail: oneLine(() => parseMailConfig(present, { dataDir, isProduction })),
    identity: oneLine(() =>
      parseIdentityConfig(present, { dataDir, publicUrl, sharedDatabase: !!env.DATABASE_URL }),
    ),
  };
}

/**
 * With DATABASE_URL several instances may share one database, and what one signs another must
 * accept: these settings must then be given, the same on every instance, never generated or
 * defaulted per instance. Names the first one missing and why, in one line.
 */
const SHARED_SETTINGS: [name: string, why: string][] = [
  [
    'IDENTITY_SECRET',
    'every instance on the shared database seals and reads the same identity keys with it',
  ],
  ['APP_SECRET', 'every instance must sign and check alert unsubscribe links with the same secret'],
  ['PUBLIC_URL', 'every instance must issue and accept sign-in tokens for the same address'],
];

function refuseMissingSharedSettings(present: Record<string, string | undefined>): void {
  for (const [name, why] of SHARED_SETTINGS) {
    // Amazon Cognito keeps its own keys: no identity secret is needed then.
    if (name === 'IDENTITY_SECRET' && present.AUTH_PROVIDER === 'cognito') continue;
    if (!present[name]) {
      throw new ConfigError(`Invalid configuration: ${name} must be set with DATABASE_URL: ${why}`);
    }
  }
}

function webConcurrency(env: Env): number {
  if (!env.DATABASE_URL) {
    if ((env.WEB_CONCURRENCY ?? 1) > 1) {
      throw new ConfigError(
        'Invalid configuration: WEB_CONCURRENCY must be 1 with the embedded PGlite database, which one process at a time may open; set DATABASE_URL to run more',
      );
    }
    return 1;
  }
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/** A part's own parser reports a bad value as an Error of its own: one line, as ours. */
function oneLine<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Invalid configuration:')) {
      throw new ConfigError(error.message);
    }
    throw error;
  }
}

/** Parses `process.env`, or prints the one-line reason and exits. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
