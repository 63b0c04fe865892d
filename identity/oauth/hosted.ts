import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import express, { type Request, type Response, type Router } from 'express';
import { recordSignIn } from '../auth-events.ts';
import type { IdentityContext } from '../context.ts';
import { hashToken, safeEqual } from '../crypto/secrets.ts';
import { CognitoError } from '../errors.ts';
import { identitiesOf, userForProfile } from '../federation/link-user.ts';
import {
  createFederatedProvider,
  type FederatedProvider,
  type PendingFederation,
} from '../federation/providers.ts';
import { refreshWithToken } from '../operations/tokens.ts';
import { oauthGrants } from '../schema.ts';
import { issueTokens } from '../token-issuing.ts';
import { findUserById } from '../users.ts';

const CODE_SECONDS = 300;
const FEDERATION_SECONDS = 600;
const allowedScopes = new Set([
  'openid',
  'email',
  'phone',
  'profile',
  'aws.cognito.signin.user.admin',
]);

interface FederationState extends Record<string, unknown> {
  pending: PendingFederation;
  provider: string;
  clientId: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  scope: string;
  nonce?: string;
}

interface CodeGrant extends Record<string, unknown> {
  userId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce?: string;
  authTime: number;
}

async function saveGrant(
  ctx: IdentityContext,
  kind: string,
  key: string,
  data: Record<string, unknown>,
  seconds: number,
) {
  await ctx.db.insert(oauthGrants).values({
    tokenHash: hashToken(`${kind}:${key}`),
    kind,
    data,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
}

/** Takes a grant out of the store: codes and federation round trips are single use. */
async function takeGrant<T>(
  ctx: IdentityContext,
  kind: string,
  key: unknown,
): Promise<T | undefined> {
  if (typeof key !== 'string' || key.length < 8 || key.length > 512) return undefined;
  const [row] = await ctx.db
    .delete(oauthGrants)
    .where(eq(oauthGrants.tokenHash, hashToken(`${kind}:${key}`)))
    .returning();
  if (!row || row.kind !== kind || row.expiresAt.getTime() < Date.now()) return undefined;
  return row.data as T;
}

function redirectWithError(
  res: Response,
  redirectUri: string,
  error: string,
  description: string,
  state?: string,
) {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state) url.searchParams.set('state', state);
  res.redirect(302, url.href);
}

const providerAliases: Record<string, string> = {
  Google: 'Google',
  Facebook: 'Facebook',
  SignInWithApple: 'SignInWithApple',
};

/**
 * Cognito's hosted OAuth endpoints for social sign-in: `/oauth2/authorize` (code flow, PKCE S256
 * required), `/oauth2/idpresponse` (the providers' callback), `/oauth2/token`, `/oauth2/userInfo`
 * and `/logout`.
 */
export function createHostedOAuthRouter(ctx: IdentityContext): Router {
  const router = express.Router();
  const providers = new Map<string, FederatedProvider>(
    ctx.config.federation.map((settings) => [settings.name, createFederatedProvider(settings)]),
  );
  const callbackUrl = () => `${ctx.config.oauth.baseUrl}/oauth2/idpresponse`;
  const cors = (req: Request, res: Response) => {
    const origin = req.headers.origin;
    const allowed = ctx.config.corsOrigins;
    if (origin && (allowed === '*' || allowed.includes(origin)))
      res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  };

  router.get('/oauth2/authorize', async (req, res, next) => {
    try {
      const q = (name: string) =>
        typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;
      const clientId = q('client_id');
      const redirectUri = q('redirect_uri');
      if (!clientId || !safeEqual(clientId, ctx.config.clientId)) {
        res.status(400).type('text/plain').send('invalid_request: unknown client_id');
        return;
      }
      if (!redirectUri || !ctx.config.oauth.redirectSignIn.includes(redirectUri)) {
        res
          .status(400)
          .type('text/plain')
          .send('redirect_mismatch: redirect_uri is not registered for this client');
        return;
      }
      const state = q('state');
      if (q('response_type') !== 'code') {
        redirectWithError(
          res,
          redirectUri,
          'unsupported_response_type',
          'Only the authorisation code flow is supported',
          state,
        );
        return;
      }
      const codeChallenge = q('code_challenge');
      if (
        !codeChallenge ||
        q('code_challenge_method') !== 'S256' ||
        !/^[\w-]{43}$/.test(codeChallenge)
      ) {
        redirectWithError(
          res,
          redirectUri,
          'invalid_request',
          'PKCE with code_challenge_method=S256 is required',
          state,
        );
        return;
      }
      const requested = (q('scope') ?? [...allowedScopes].join(' ')).split(/[ +]/).filter(Boolean);
      if (requested.some((scope) => !allowedScopes.has(scope))) {
        redirectWithError(
          res,
          redirectUri,
          'invalid_scope',
          'A requested scope is not allowed',
          state,
        );
        return;
      }
      const provider = providers.get(providerAliases[q('identity_provider') ?? ''] ?? '');
      if (!provider) {
        redirectWithError(
          res,
          redirectUri,
          'invalid_request',
          'identity_provider must name a configured social provider',
          state,
        );
        return;
      }
      const started = await provider.start(callbackUrl());
      const data: FederationState = {
        pending: started.pending,
        provider: provider.name,
        clientId,
        redirectUri,
        codeChallenge,
        scope: requested.join(' '),
        ...(state ? { state } : {}),
        ...(q('nonce') ? { nonce: q('nonce') } : {}),
      };
      await saveGrant(ctx, 'federation', started.pending.state, data, FEDERATION_SECONDS);
      res.redirect(302, started.url);
    } catch (error) {
      next(error);
    }
  });

  const idpResponse = async (req: Request, res: Response) => {
    const body =
      req.method === 'POST' && req.body && typeof req.body === 'object'
        ? new URLSearchParams(req.body as Record<string, string>)
        : undefined;
    const params = body ?? new URLSearchParams(req.url.split('?')[1] ?? '');
    const flow = await takeGrant<FederationState>(ctx, 'federation', params.get('state'));
    if (!flow) {
      res
        .status(400)
        .type('text/plain')
        .send('invalid_request: this sign-in link has expired; please start again.');
      return;
    }
    if (params.get('error')) {
      redirectWithError(
        res,
        flow.redirectUri,
        'access_denied',
        params.get('error') ?? 'cancelled',
        flow.state,
      );
      return;
    }
    try {
      const provider = providers.get(flow.provider)!;
      const profile = await provider.finish(
        new URL(`${callbackUrl()}?${req.method === 'GET' ? params.toString() : ''}`),
        flow.pending,
        body,
      );
      const user = await userForProfile(ctx, profile);
      if (!user.enabled) {
        redirectWithError(
          res,
          flow.redirectUri,
          'invalid_request',
          'User is disabled.',
          flow.state,
        );
        return;
      }
      const code = randomBytes(24).toString('base64url');
      const grant: CodeGrant = {
        userId: user.id,
        clientId: flow.clientId,
        redirectUri: flow.redirectUri,
        codeChallenge: flow.codeChallenge,
        scope: flow.scope,
        authTime: Math.floor(Date.now() / 1000),
        ...(flow.nonce ? { nonce: flow.nonce } : {}),
      };
      await saveGrant(ctx, 'code', code, grant, CODE_SECONDS);
      const target = new URL(flow.redirectUri);
      target.searchParams.set('code', code);
      if (flow.state) target.searchParams.set('state', flow.state);
      res.redirect(302, target.href);
    } catch (error) {
      ctx.logger.warn(
        { err: error, provider: flow.provider },
        'identity: federated sign-in failed',
      );
      redirectWithError(
        res,
        flow.redirectUri,
        'server_error',
        'Sign-in with the provider failed',
        flow.state,
      );
    }
  };
  router.get('/oauth2/idpresponse', idpResponse);
  router.post(
    '/oauth2/idpresponse',
    express.urlencoded({ extended: false, limit: '32kb' }),
    idpResponse,
  );

  router.options('/oauth2/token', (req, res) => {
    cors(req, res);
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'content-type, x-amz-user-agent',
    );
    res.status(204).end();
  });
  router.post(
    '/oauth2/token',
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res, next) => {
      cors(req, res);
      res.setHeader('Cache-Control', 'no-store');
      const fail = (error: string, status = 400) => res.status(status).json({ error });
      try {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const clientId = typeof body.client_id === 'string' ? body.client_id : '';
        if (!clientId || !safeEqual(clientId, ctx.config.clientId))
          return void fail('invalid_client', 401);
        if (body.grant_type === 'authorization_code') {
          const grant = await takeGrant<CodeGrant>(ctx, 'code', body.code);
          if (!grant || grant.clientId !== clientId || grant.redirectUri !== body.redirect_uri)
            return void fail('invalid_grant');
          const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (!/^[\w.~-]{43,128}$/.test(verifier) || !safeEqual(challenge, grant.codeChallenge))
            return void fail('invalid_grant');
          const user = await findUserById(ctx, grant.userId);
          if (!user || !user.enabled) return void fail('invalid_grant');
          const identities = await identitiesOf(ctx, user.id);
          const result = await issueTokens(ctx, user, {
            clientId,
            scope: grant.scope,
            authTime: new Date(grant.authTime * 1000),
            ...(grant.nonce ? { nonce: grant.nonce } : {}),
            ...(identities.length ? { identities } : {}),
          });
          // A social sign-in has no password or code step of ours to report.
          await recordSignIn(
            { ...ctx, request: { sourceIp: req.ip ?? 'unknown' } },
            user.id,
            'Pass',
            [],
          );
          res.json({
            id_token: result.IdToken,
            access_token: result.AccessToken,
            refresh_token: result.RefreshToken,
            expires_in: result.ExpiresIn,
            token_type: 'Bearer',
          });
          return;
        }
        if (body.grant_type === 'refresh_token') {
          try {
            const result = await refreshWithToken(ctx, clientId, body.refresh_token);
            res.json({
              id_token: result.IdToken,
              access_token: result.AccessToken,
              expires_in: result.ExpiresIn,
              token_type: 'Bearer',
            });
          } catch (error) {
            if (error instanceof CognitoError) return void fail('invalid_grant');
            throw error;
          }
          return;
        }
        fail('unsupported_grant_type');
      } catch (error) {
        next(error);
      }
    },
  );

  router.get('/oauth2/userInfo', async (req, res) => {
    cors(req, res);
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    try {
      const claims = await ctx.tokens.verifyAccessToken(token);
      const user = await findUserById(ctx, claims.sub);
      if (!user || !user.enabled || !claims.scope.split(' ').includes('openid'))
        throw new Error('not allowed');
      res
        .set('Cache-Control', 'no-store')
        .json({ sub: user.id, username: user.username, ...user.attributes });
    } catch {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer error="invalid_token"')
        .json({ error: 'invalid_token' });
    }
  });

  router.get('/logout', (req, res) => {
    const clientId = typeof req.query.client_id === 'string' ? req.query.client_id : '';
    const logoutUri = typeof req.query.logout_uri === 'string' ? req.query.logout_uri : '';
    if (
      !safeEqual(clientId, ctx.config.clientId) ||
      !ctx.config.oauth.redirectSignOut.includes(logoutUri)
    ) {
      res
        .status(400)
        .type('text/plain')
        .send('invalid_request: logout_uri is not registered for this client');
      return;
    }
    res.redirect(302, logoutUri);
  });
  return router;
}
