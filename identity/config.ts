import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The user pool's settings, read from the environment once at start-up. Identity parses its own
 * variables so it never depends on the marketplace's configuration module.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const seconds = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: 'expected a number of seconds' })
    .int('expected a whole number of seconds')
    .min(min, `expected at least ${min} seconds`)
    .max(max, `expected at most ${max} seconds`)
    .default(fallback);

const envSchema = z.object({
  AUTH_PROVIDER: z.enum(['embedded', 'cognito']).default('embedded'),
  COGNITO_USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'expected a pool id such as eu-west-2_AbC123')
    .optional(),
  COGNITO_CLIENT_ID: z
    .string()
    .regex(/^[\w+]+$/, 'expected an app client id')
    .optional(),
  COGNITO_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'expected an AWS region such as eu-west-2')
    .optional(),
  COGNITO_OAUTH_DOMAIN: z.string().min(3).optional(),
  IDENTITY_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'expected <region>_<name> such as eu-west-2_Roost')
    .default('eu-west-2_RoostLocal'),
  IDENTITY_CLIENT_ID: z
    .string()
    .regex(/^[0-9a-z]{8,128}$/, 'expected 8 to 128 lower-case letters or digits')
    .default('roostwebclient0000000000001'),
  IDENTITY_REGION: z.string().min(1).default('eu-west-2'),
  IDENTITY_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  IDENTITY_ADMIN_ACCESS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{16,128}$/, 'expected an access key id (upper-case letters and digits)')
    .optional(),
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: z
    .string()
    .min(20, 'expected at least 20 characters')
    .optional(),
  IDENTITY_USERNAME_ATTRIBUTES: z
    .enum(['email', 'phone_number', 'email,phone_number', 'phone_number,email'])
    .default('email'),
  IDENTITY_ALIAS_ATTRIBUTES: z.enum(['phone_number', 'none']).default('phone_number'),
  IDENTITY_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(99).default(8),
  IDENTITY_PASSWORD_REQUIRE_LOWERCASE: flag.default(true),
  IDENTITY_PASSWORD_REQUIRE_UPPERCASE: flag.default(true),
  IDENTITY_PASSWORD_REQUIRE_NUMBERS: flag.default(true),
  IDENTITY_PASSWORD_REQUIRE_SYMBOLS: flag.default(true),
  IDENTITY_MFA: z.enum(['off', 'optional', 'on']).default('optional'),
  IDENTITY_DEVICE_TRACKING: z.enum(['off', 'always', 'opt-in']).default('off'),
  IDENTITY_ACCESS_TOKEN_TTL: seconds(3600, 300, 86_400),
  IDENTITY_ID_TOKEN_TTL: seconds(3600, 300, 86_400),
  IDENTITY_REFRESH_TOKEN_TTL: seconds(30 * 86_400, 3600, 10 * 365 * 86_400),
  IDENTITY_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  IDENTITY_AUTH_EVENTS_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  IDENTITY_ISSUER_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  IDENTITY_CORS_ORIGINS: z.string().default('*'),
  HTTPS_PORT: z.coerce.number().int().min(0).max(65535).default(3443),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  IDENTITY_OAUTH_DOMAIN: z.string().min(3).optional(),
  IDENTITY_OAUTH_REDIRECT_SIGN_IN: z.string().optional(),
  IDENTITY_OAUTH_REDIRECT_SIGN_OUT: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
});

export interface PasswordPolicy {
  minLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
}

export type FederatedProviderName = 'Google' | 'Facebook' | 'SignInWithApple';

export interface FederatedProviderConfig {
  name: FederatedProviderName;
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

export interface IdentityConfig {
  provider: 'embedded' | 'cognito';
  /** Set when AUTH_PROVIDER=cognito: the real pool the web app is pointed at. */
  cognito?: { userPoolId: string; clientId: string; region: string; oauthDomain?: string };
  userPoolId: string;
  /** The part after `_`, used in the SRP maths. */
  poolName: string;
  clientId: string;
  region: string;
  /** Base URL of the site, without a trailing slash. */
  publicUrl: string;
  /** `<publicUrl>/idp`: the user-pool API endpoint Amplify posts to. */
  endpointUrl: string;
  /** Token issuer, `<publicUrl>/idp/<userPoolId>` unless configured. */
  issuer: string;
  secret: Buffer;
  adminCredentials: { accessKeyId: string; secretAccessKey: string };
  /**
   * 'database': generated once into `identity.shared_secrets` and read by every instance on the
   * shared database (filled in by `createIdentityService`); 'file': `DATA_DIR` (PGlite) or the
   * environment.
   */
  adminCredentialsFrom: 'database' | 'file';
  usernameAttributes: ('email' | 'phone_number')[];
  /**
   * Sign-in aliases besides the username attributes, as a Cognito pool's alias attributes: a
   * verified mobile number signs in like the e-mail address.
   */
  aliasAttributes: 'phone_number'[];
  passwordPolicy: PasswordPolicy;
  mfa: 'off' | 'optional' | 'on';
  /** Cognito's device tracking: remembered devices skip MFA and sign in with device SRP. */
  deviceTracking: 'off' | 'always' | 'opt-in';
  accessTokenTtl: number;
  idTokenTtl: number;
  refreshTokenTtl: number;
  keyRotationDays: number;
  /** Days the sign-in history (AdminListUserAuthEvents) is kept. */
  authEventsDays: number;
  corsOrigins: '*' | string[];
  httpsPort: number;
  /** Whether HTTPS_PORT was given explicitly (otherwise tests on an ephemeral port use one too). */
  isHttpsPortSet: boolean;
  tls: { certFile: string; keyFile: string; isGenerated: boolean };
  oauth: {
    /** Host (and port) of the hosted OAuth endpoints, without scheme. */
    domain: string;
    /** `https://<domain>`: Amplify always uses https for these endpoints. */
    baseUrl: string;
    redirectSignIn: string[];
    redirectSignOut: string[];
    scopes: string[];
  };
  federation: FederatedProviderConfig[];
}

export class IdentityConfigError extends Error {
  override name = 'IdentityConfigError';
}

export interface IdentityConfigContext {
  dataDir: string;
  publicUrl: string;
  /**
   * Several instances may share the database (PostgreSQL, `DATABASE_URL`): nothing is generated
   * per instance, so IDENTITY_SECRET is required and the admin credentials live in the database.
   */
  sharedDatabase?: boolean;
}

export function parseIdentityConfig(
  source: NodeJS.ProcessEnv,
  { dataDir, publicUrl, sharedDatabase = false }: IdentityConfigContext,
): IdentityConfig {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new IdentityConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const env = result.data;
  const base = publicUrl.replace(/\/+$/, '');
  const cognito = cognitoOf(env);
  const identityDir = path.join(dataDir, 'identity');
  const { secret, adminCredentials, adminCredentialsFrom } = secretsOf(
    env,
    identityDir,
    sharedDatabase,
  );
  const httpsHost = new URL(base).hostname;
  const federation = federationOf(env);
  return {
    provider: env.AUTH_PROVIDER,
    ...(cognito ? { cognito } : {}),
    userPoolId: env.IDENTITY_POOL_ID,
    poolName: env.IDENTITY_POOL_ID.split('_')[1]!,
    clientId: env.IDENTITY_CLIENT_ID,
    region: env.IDENTITY_REGION,
    publicUrl: base,
    endpointUrl: `${base}/idp`,
    issuer: (env.IDENTITY_ISSUER_URL ?? `${base}/idp/${env.IDENTITY_POOL_ID}`).replace(/\/+$/, ''),
    secret,
    adminCredentials,
    adminCredentialsFrom,
    usernameAttributes: env.IDENTITY_USERNAME_ATTRIBUTES.split(',') as ('email' | 'phone_number')[],
    aliasAttributes: env.IDENTITY_ALIAS_ATTRIBUTES === 'none' ? [] : ['phone_number'],
    passwordPolicy: {
      minLength: env.IDENTITY_PASSWORD_MIN_LENGTH,
      requireLowercase: env.IDENTITY_PASSWORD_REQUIRE_LOWERCASE,
      requireUppercase: env.IDENTITY_PASSWORD_REQUIRE_UPPERCASE,
      requireNumbers: env.IDENTITY_PASSWORD_REQUIRE_NUMBERS,
      requireSymbols: env.IDENTITY_PASSWORD_REQUIRE_SYMBOLS,
    },
    mfa: env.IDENTITY_MFA,
    deviceTracking: env.IDENTITY_DEVICE_TRACKING,
    accessTokenTtl: env.IDENTITY_ACCESS_TOKEN_TTL,
    idTokenTtl: env.IDENTITY_ID_TOKEN_TTL,
    refreshTokenTtl: env.IDENTITY_REFRESH_TOKEN_TTL,
    keyRotationDays: env.IDENTITY_KEY_ROTATION_DAYS,
    authEventsDays: env.IDENTITY_AUTH_EVENTS_DAYS,
    corsOrigins: env.IDENTITY_CORS_ORIGINS === '*' ? '*' : list(env.IDENTITY_CORS_ORIGINS, []),
    httpsPort: env.HTTPS_PORT,
    isHttpsPortSet: present.HTTPS_PORT !== undefined,
    tls:
      env.TLS_CERT_FILE && env.TLS_KEY_FILE
        ? { certFile: env.TLS_CERT_FILE, keyFile: env.TLS_KEY_FILE, isGenerated: false }
        : {
            certFile: path.join(identityDir, 'tls-cert.pem'),
            keyFile: path.join(identityDir, 'tls-key.pem'),
            isGenerated: true,
          },
    oauth: {
      domain: env.IDENTITY_OAUTH_DOMAIN ?? `${httpsHost}:${env.HTTPS_PORT}`,
      baseUrl: `https://${env.IDENTITY_OAUTH_DOMAIN ?? `${httpsHost}:${env.HTTPS_PORT}`}`,
      redirectSignIn: list(env.IDENTITY_OAUTH_REDIRECT_SIGN_IN, [`${base}/`]),
      redirectSignOut: list(env.IDENTITY_OAUTH_REDIRECT_SIGN_OUT, [`${base}/`]),
      scopes: ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'],
    },
    federation,
  };
}

/** The one line start-up refuses with: see `IdentityConfigContext.sharedDatabase`. */
export const SHARED_SECRET_MISSING =
  'Invalid configuration: IDENTITY_SECRET must be set with DATABASE_URL: every instance on the shared database seals and reads the same identity keys with it';

/** Admin API credentials in the shape Cognito's access keys have. */
export function generateAdminCredentials(): string {
  return JSON.stringify({
    accessKeyId: `RAK${randomBytes(10).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  });
}

type Env = z.infer<typeof envSchema>;

function list(value: string | undefined, fallback: string[]): string[] {
  return value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : fallback;
}

/** The real pool's settings, required with AUTH_PROVIDER=cognito. */
function cognitoOf(env: Env): IdentityConfig['cognito'] {
  if (env.AUTH_PROVIDER !== 'cognito') return undefined;
  for (const name of ['COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID', 'COGNITO_REGION'] as const) {
    if (!env[name]) {
      throw new IdentityConfigError(
        `Invalid configuration: ${name} expected when AUTH_PROVIDER=cognito`,
      );
    }
  }
  return {
    userPoolId: env.COGNITO_USER_POOL_ID!,
    clientId: env.COGNITO_CLIENT_ID!,
    region: env.COGNITO_REGION!,
    ...(env.COGNITO_OAUTH_DOMAIN ? { oauthDomain: env.COGNITO_OAUTH_DOMAIN } : {}),
  };
}

/**
 * The pool's secret and admin credentials: configured, or generated once into the data folder;
 * with a shared database the secret must be configured and the credentials live in the database.
 */
function secretsOf(
  env: Env,
  identityDir: string,
  sharedDatabase: boolean,
): Pick<IdentityConfig, 'secret' | 'adminCredentials' | 'adminCredentialsFrom'> {
  const isEmbedded = env.AUTH_PROVIDER === 'embedded';
  if (isEmbedded && sharedDatabase && !env.IDENTITY_SECRET) {
    throw new IdentityConfigError(SHARED_SECRET_MISSING);
  }
  const secret = env.IDENTITY_SECRET
    ? Buffer.from(env.IDENTITY_SECRET, 'utf8')
    : !isEmbedded
      ? randomBytes(32)
      : readOrCreate(path.join(identityDir, 'secret.key'), () =>
          randomBytes(48).toString('base64url'),
        );
  const isAdminFromEnv = Boolean(
    env.IDENTITY_ADMIN_ACCESS_KEY_ID && env.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
  );
  const adminCredentialsFrom =
    isEmbedded && sharedDatabase && !isAdminFromEnv ? 'database' : 'file';
  const adminCredentials = isAdminFromEnv
    ? {
        accessKeyId: env.IDENTITY_ADMIN_ACCESS_KEY_ID!,
        secretAccessKey: env.IDENTITY_ADMIN_SECRET_ACCESS_KEY!,
      }
    : !isEmbedded || adminCredentialsFrom === 'database'
      ? { accessKeyId: '', secretAccessKey: '' }
      : (JSON.parse(
          readOrCreate(
            path.join(identityDir, 'admin-credentials.json'),
            generateAdminCredentials,
          ).toString('utf8'),
        ) as IdentityConfig['adminCredentials']);
  return { secret, adminCredentials, adminCredentialsFrom };
}

/** Sign-in with Google, Facebook and Apple, for each whose client is configured. */
function federationOf(env: Env): FederatedProviderConfig[] {
  const federation: FederatedProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    federation.push({
      name: 'Google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuerUrl: env.GOOGLE_ISSUER_URL,
    });
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    federation.push({
      name: 'Facebook',
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      issuerUrl: 'https://www.facebook.com',
    });
  }
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET) {
    federation.push({
      name: 'SignInWithApple',
      clientId: env.APPLE_CLIENT_ID,
      clientSecret: env.APPLE_CLIENT_SECRET,
      issuerUrl: 'https://appleid.apple.com',
    });
  }
  return federation;
}

/** Reads a generated file, creating it (owner-only) on first start. */
function readOrCreate(file: string, create: () => string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file);
}
