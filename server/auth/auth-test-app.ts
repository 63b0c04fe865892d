import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  Router,
  type Express,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import pino from 'pino';
import {
  amplifyConfig,
  createIdentityService,
  parseIdentityConfig,
  type IdentityService,
} from '../../identity/public.ts';
import { serveForTest } from '../../tests/support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { createHttpApp } from '../http/create-app.ts';
import { createLogger } from '../logger.ts';
import { createMarketplace } from '../marketplace/marketplace.ts';
import { mountModerationApi } from '../marketplace/moderation/api.ts';
import { authSettingsFromAmplifyConfig } from './auth-settings.ts';
import { createAuth } from './auth.ts';
import { requireAdmin, requireUser } from './guards.ts';
import { createSessionMiddleware, sessionUserOf } from './session-middleware.ts';
import type { SessionUser } from '../../domain/session-user.ts';

/** Settings every test pool shares, so a second pool on the same database signs alike. */
export const testIdentityEnv = {
  IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123',
  IDENTITY_ADMIN_ACCESS_KEY_ID: 'RAKTESTACCESSKEY0001',
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'test-secret-access-key-0000000000',
};

export interface AuthTestApp {
  base: string;
  database: TestDatabase;
  identity: IdentityService;
  /** SigV4-signed with the pool's admin credentials. */
  admin: CognitoIdentityProviderClient;
  /** Public calls only, as the browser makes them. */
  client: CognitoIdentityProviderClient;
  /** A confirmed user with a password, optionally in groups; returns the sign-in's tokens. */
  createUser(email: string, groups?: string[]): Promise<Required<AuthenticationResultType>>;
  signIn(email: string): Promise<Required<AuthenticationResultType>>;
  /** A second pool on the same database (so the same signing key) with other settings. */
  otherPool(env: Record<string, string>): Promise<IdentityService>;
  stop(): Promise<void>;
}

export const testPassword = 'Attic-room-73';

/**
 * The site as `server/main.ts` composes it for signed-in people: the embedded pool, the session
 * middleware with JWKS verification and the pool's liveness check, the page guards (at
 * `/guarded/account` and `/guarded/admin`) and the admin API under `/api/v1/admin`.
 */
export async function startAuthTestApp(): Promise<AuthTestApp> {
  const database = await createTestDatabase();
  // The pool's URLs need the port, so the app is made once the server listens.
  const site: { app?: Express } = {};
  const served = await serveForTest((req, res) => site.app!(req, res));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-auth-'));
  const silent = pino({ level: 'silent' });
  const others: IdentityService[] = [];
  const startPool = (env: Record<string, string>) =>
    createIdentityService({
      db: database.db,
      config: parseIdentityConfig(
        { ...testIdentityEnv, ...env },
        { dataDir, publicUrl: served.base },
      ),
      logger: silent,
      sendMessage: async () => {},
      limits: { anonymousRequestsPerHour: 10_000 },
    });
  const identity = await startPool({});
  site.app = composeSite(database, identity, served.base);

  const { config } = identity;
  const { admin, client } = poolClients(config, served.base);
  const existingGroups = new Set<string>();

  const signIn = async (email: string) => {
    const result = await client.send(
      new InitiateAuthCommand({
        ClientId: config.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: testPassword },
      }),
    );
    return result.AuthenticationResult as Required<AuthenticationResultType>;
  };

  return {
    base: served.base,
    database,
    identity,
    admin,
    client,
    signIn,
    async createUser(email, groups = []) {
      await createPoolUser(admin, config.userPoolId, { email, groups, existingGroups });
      return signIn(email);
    },
    async otherPool(env) {
      const pool = await startPool(env);
      others.push(pool);
      return pool;
    },
    async stop() {
      admin.destroy();
      client.destroy();
      for (const pool of [identity, ...others]) await pool.close();
      await served.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A confirmed account with the test password, in the given groups (made once each). */
async function createPoolUser(
  admin: CognitoIdentityProviderClient,
  UserPoolId: string,
  {
    email,
    groups,
    existingGroups,
  }: { email: string; groups: string[]; existingGroups: Set<string> },
): Promise<void> {
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  );
  await admin.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: email,
      Password: testPassword,
      Permanent: true,
    }),
  );
  for (const GroupName of groups) {
    if (!existingGroups.has(GroupName)) {
      await admin.send(new CreateGroupCommand({ UserPoolId, GroupName }));
      existingGroups.add(GroupName);
    }
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName }));
  }
}

/** The app as `server/main.ts` composes it, with only what these tests need mounted. */
function composeSite(database: TestDatabase, identity: IdentityService, base: string): Express {
  const logger = createLogger({ logLevel: 'silent' });
  const auth = createAuth({
    logger,
    loadSettings: async () => {
      const settings = authSettingsFromAmplifyConfig(amplifyConfig(identity.config));
      const { issuer } = identity.config;
      return { ...settings, issuer, jwksUri: `${issuer}/.well-known/jwks.json` };
    },
    isTokenLive: (claims) => identity.isTokenLive(claims),
  });
  const marketplace = createMarketplace({
    db: database.db,
    publicUrl: base,
    logger: pino({ level: 'silent' }),
    mail: () => async () => {},
  });
  return createHttpApp({
    logger,
    database,
    isShuttingDown: () => false,
    routers: [identity.router, createSessionMiddleware(auth), guardedPages()],
    mountApi: (api) => mountModerationApi(api, marketplace),
    web: Router(),
  });
}

/** An admin client (SigV4 with the pool's admin credentials) and an app's unsigned client. */
function poolClients(config: IdentityService['config'], base: string) {
  const admin = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: `${base}/idp`,
    credentials: config.adminCredentials,
    maxAttempts: 1,
  });
  const client = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: `${base}/idp`,
    credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'unused' },
    maxAttempts: 1,
  });
  return { admin, client };
}

/**
 * Two pages behind the real guards: a redirect to sign in (302) when signed out, 403 for a
 * non-administrator on the admin page, else the session user as JSON.
 */
function guardedPages(): Router {
  const router = Router();
  const page =
    (guard: (user: SessionUser | null, request: Request) => SessionUser) =>
    (req: ExpressRequest, res: ExpressResponse) => {
      try {
        const user = guard(sessionUserOf(res), new Request(`http://roost.test${req.originalUrl}`));
        res.json({ userId: user.userId, groups: user.groups });
      } catch (thrown) {
        const status =
          thrown instanceof Response
            ? thrown.status
            : ((thrown as { init?: { status?: number } }).init?.status ?? 500);
        res.status(status).json({});
      }
    };
  router.get('/guarded/account', page(requireUser));
  router.get(
    '/guarded/admin',
    page((user) => requireAdmin(user)),
  );
  return router;
}
