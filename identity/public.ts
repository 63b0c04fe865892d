import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { amplifyConfig } from './amplify-config.ts';
import { purgeOldAuthEvents } from './auth-events.ts';
import type { IdentityConfig } from './config.ts';
import { defaultLimits, type IdentityContext, type IdentityLimits } from './context.ts';
import { createSecrets } from './crypto/secrets.ts';
import type { MessageSender } from './delivery/message-sender.ts';
import { createHostedOAuthRouter } from './oauth/hosted.ts';
import { createProtocolHandler } from './protocol.ts';
import { createDatabaseLimiter, type AbuseLimiter } from '../limits/index.ts';
import { purgeExpiredSessions } from './sessions.ts';
import { sharedAdminCredentials } from './shared-secrets.ts';
import { isSignInLive, type TokenSignIn } from './token-liveness.ts';
import { createTokenService, type TokenService } from './tokens.ts';

export {
  parseIdentityConfig,
  IdentityConfigError,
  SHARED_SECRET_MISSING,
  type IdentityConfig,
} from './config.ts';
export type { MessageSender, OutgoingMessage } from './delivery/message-sender.ts';
export { amplifyConfig } from './amplify-config.ts';
export type { TokenSignIn } from './token-liveness.ts';
export { usersCreatedSince } from './users-created-since.ts';

export interface IdentityServiceOptions {
  db: Database;
  config: IdentityConfig;
  logger: Logger;
  sendMessage: MessageSender;
  limits?: Partial<IdentityLimits>;
  /** The shared abuse limiter; by default one on `db`. */
  limiter?: AbuseLimiter;
}

export interface IdentityService {
  /** `/idp` (user-pool API, JWKS, discovery), hosted OAuth, and `/amplify-config.json`. */
  router: Router;
  tokens: TokenService;
  config: IdentityConfig;
  /**
   * Whether a token whose signature, issuer, audience and expiry were already verified still
   * belongs to a live sign-in: false once the user is disabled or deleted, its refresh token is
   * revoked or the user signed out everywhere. Always true with AUTH_PROVIDER=cognito, whose
   * tokens can only be left to expire.
   */
  isTokenLive(claims: TokenSignIn): Promise<boolean>;
  /**
   * Tells the pool where the server really listens, when the configured ports were ephemeral
   * (port 0 in tests): endpoint, issuer and hosted-OAuth domain follow.
   */
  setListening(where: { publicUrl: string; httpsPort?: number }): void;
  close(): Promise<void>;
}

/**
 * Builds the embedded user pool. With AUTH_PROVIDER=cognito it only publishes the real pool's
 * Amplify configuration and mounts nothing else.
 */
export async function createIdentityService(
  options: IdentityServiceOptions,
): Promise<IdentityService> {
  const { config } = options;
  const setListening = (where: { publicUrl: string; httpsPort?: number }) =>
    moveListening(config, where);
  const router = express.Router();
  router.get('/amplify-config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(amplifyConfig(config));
  });
  const secrets = createSecrets(config.secret);
  const tokens = createTokenService(options.db, config, secrets);
  if (config.provider === 'cognito') {
    return {
      router,
      tokens,
      config,
      setListening,
      isTokenLive: async () => true,
      close: async () => {},
    };
  }
  if (config.adminCredentialsFrom === 'database') {
    config.adminCredentials = await sharedAdminCredentials(options.db, secrets);
  }
  await tokens.ensureKeys();
  const ctx: IdentityContext = {
    db: options.db,
    config,
    secrets,
    tokens,
    logger: options.logger,
    sendMessage: options.sendMessage,
    limits: { ...defaultLimits, ...options.limits },
    limiter: options.limiter ?? createDatabaseLimiter(options.db),
  };
  const protocol = createProtocolHandler(ctx);
  for (const path of ['/idp', '/idp/']) {
    router.options(path, protocol.preflight);
    router.post(path, protocol.rawBody, protocol.handle);
  }
  router.use(createHostedOAuthRouter(ctx));
  router.use(createWellKnownRouter(config, tokens));
  const sweeper = setInterval(() => {
    Promise.all([purgeExpiredSessions(ctx), purgeOldAuthEvents(ctx)]).catch((error: unknown) =>
      options.logger.warn({ err: error }, 'identity: sweep failed'),
    );
  }, 60_000);
  sweeper.unref();
  return {
    router,
    tokens,
    config,
    setListening,
    isTokenLive: (claims) => isSignInLive(options.db, claims),
    close: async () => {
      clearInterval(sweeper);
    },
  };
}
/** Moves the pool's URLs to where the server listens, unless they were configured apart. */
function moveListening(
  config: IdentityConfig,
  { publicUrl, httpsPort }: { publicUrl: string; httpsPort?: number },
): void {
  const base = publicUrl.replace(/\/+$/, '');
  const isDefaultIssuer = config.issuer === `${config.publicUrl}/idp/${config.userPoolId}`;
  const isDefaultDomain =
    config.oauth.domain === `${new URL(config.publicUrl).hostname}:${config.httpsPort}`;
  config.publicUrl = base;
  config.endpointUrl = `${base}/idp`;
  if (isDefaultIssuer) config.issuer = `${base}/idp/${config.userPoolId}`;
  if (httpsPort !== undefined) {
    config.httpsPort = httpsPort;
    if (isDefaultDomain) {
      config.oauth.domain = `${new URL(base).hostname}:${httpsPort}`;
      config.oauth.baseUrl = `https://${config.oauth.domain}`;
    }
  }
}

/** The pool's JWKS and OpenID discovery document, as Cognito publishes them. */
function createWellKnownRouter(config: IdentityConfig, tokens: TokenService): Router {
  const router = express.Router();
  const base = `/idp/${config.userPoolId}/.well-known`;
  router.get(`${base}/jwks.json`, async (_req, res, next) => {
    try {
      res.set({
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      res.json(await tokens.jwks());
    } catch (error) {
      next(error);
    }
  });
  router.get(`${base}/openid-configuration`, (_req, res) => {
    const oauthBase = config.oauth.baseUrl;
    res.set({ 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' }).json({
      issuer: config.issuer,
      jwks_uri: `${config.issuer}/.well-known/jwks.json`,
      authorization_endpoint: `${oauthBase}/oauth2/authorize`,
      token_endpoint: `${oauthBase}/oauth2/token`,
      userinfo_endpoint: `${oauthBase}/oauth2/userInfo`,
      end_session_endpoint: `${oauthBase}/logout`,
      revocation_endpoint: `${oauthBase}/oauth2/revoke`,
      response_types_supported: ['code', 'token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'phone', 'profile'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
    });
  });
  return router;
}
export { loadTlsCredentials } from './tls.ts';
