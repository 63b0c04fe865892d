import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { recordSignIn } from '../auth-events.ts';
import type { IdentityContext } from '../context.ts';
import { safeEqual } from '../crypto/secrets.ts';
import { CognitoError } from '../errors.ts';
import { identitiesOf } from '../federation/link-user.ts';
import { refreshWithToken } from '../operations/tokens.ts';
import { issueTokens } from '../token-issuing.ts';
import { findUserById } from '../users.ts';
import { takeGrant, type CodeGrant } from './grants.ts';

function cors(ctx: IdentityContext, req: Request, res: Response) {
  const origin = req.headers.origin;
  const allowed = ctx.config.corsOrigins;
  if (origin && (allowed === '*' || allowed.includes(origin)))
    res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
}

/** The hosted endpoints a client calls itself: `/oauth2/token`, `/oauth2/userInfo`, `/logout`. */
export function createTokenEndpointsRouter(ctx: IdentityContext): Router {
  const router = express.Router();
  router.options('/oauth2/token', (req, res) => {
    cors(ctx, req, res);
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
      cors(ctx, req, res);
      res.setHeader('Cache-Control', 'no-store');
      const fail = (error: string, status = 400) => res.status(status).json({ error });
      try {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const clientId = typeof body.client_id === 'string' ? body.client_id : '';
        if (!clientId || !safeEqual(clientId, ctx.config.clientId))
          return void fail('invalid_client', 401);
        if (body.grant_type === 'authorization_code') {
          return void (await exchangeCode(ctx, req, res, clientId));
        }
        if (body.grant_type === 'refresh_token') {
          return void (await refreshGrant(ctx, res, clientId, body.refresh_token));
        }
        fail('unsupported_grant_type');
      } catch (error) {
        next(error);
      }
    },
  );

  router.get('/oauth2/userInfo', async (req, res) => {
    cors(ctx, req, res);
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

/** The authorisation code grant: the code, its PKCE verifier and redirect URI, for tokens. */
async function exchangeCode(
  ctx: IdentityContext,
  req: Request,
  res: Response,
  clientId: string,
): Promise<void> {
  const fail = (error: string) => void res.status(400).json({ error });
  const body = (req.body ?? {}) as Record<string, unknown>;
  const grant = await takeGrant<CodeGrant>(ctx, 'code', body.code);
  if (!grant || grant.clientId !== clientId || grant.redirectUri !== body.redirect_uri)
    return fail('invalid_grant');
  const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  if (!/^[\w.~-]{43,128}$/.test(verifier) || !safeEqual(challenge, grant.codeChallenge))
    return fail('invalid_grant');
  const user = await findUserById(ctx, grant.userId);
  if (!user || !user.enabled) return fail('invalid_grant');
  const identities = await identitiesOf(ctx, user.id);
  const result = await issueTokens(ctx, user, {
    clientId,
    scope: grant.scope,
    authTime: new Date(grant.authTime * 1000),
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
    ...(identities.length ? { identities } : {}),
  });
  // A social sign-in has no password or code step of ours to report.
  await recordSignIn({ ...ctx, request: { sourceIp: req.ip ?? 'unknown' } }, user.id, 'Pass', []);
  res.json({
    id_token: result.IdToken,
    access_token: result.AccessToken,
    refresh_token: result.RefreshToken,
    expires_in: result.ExpiresIn,
    token_type: 'Bearer',
  });
}

/** The refresh token grant: new ID and access tokens, or invalid_grant. */
async function refreshGrant(
  ctx: IdentityContext,
  res: Response,
  clientId: string,
  refreshToken: unknown,
): Promise<void> {
  try {
    const result = await refreshWithToken(ctx, clientId, refreshToken);
    res.json({
      id_token: result.IdToken,
      access_token: result.AccessToken,
      expires_in: result.ExpiresIn,
      token_type: 'Bearer',
    });
  } catch (error) {
    if (error instanceof CognitoError) return void res.status(400).json({ error: 'invalid_grant' });
    throw error;
  }
}
