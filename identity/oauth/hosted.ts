import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { IdentityContext } from '../context.ts';
import { safeEqual } from '../crypto/secrets.ts';
import { userForProfile } from '../federation/link-user.ts';
import {
  createFederatedProvider,
  type FederatedProvider,
  type PendingFederation,
} from '../federation/providers.ts';
import { CODE_SECONDS, saveGrant, takeGrant, type CodeGrant } from './grants.ts';
import { createTokenEndpointsRouter } from './token-endpoints.ts';

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

interface HostedOAuth {
  ctx: IdentityContext;
  providers: Map<string, FederatedProvider>;
  callbackUrl: () => string;
}

/**
 * Cognito's hosted OAuth endpoints for social sign-in: `/oauth2/authorize` (code flow, PKCE S256
 * required), `/oauth2/idpresponse` (the providers' callback), `/oauth2/token`, `/oauth2/userInfo`
 * and `/logout`.
 */
export function createHostedOAuthRouter(ctx: IdentityContext): Router {
  const router = express.Router();
  const hosted: HostedOAuth = {
    ctx,
    providers: new Map<string, FederatedProvider>(
      ctx.config.federation.map((settings) => [settings.name, createFederatedProvider(settings)]),
    ),
    callbackUrl: () => `${ctx.config.oauth.baseUrl}/oauth2/idpresponse`,
  };

  router.get('/oauth2/authorize', async (req, res, next) => {
    try {
      await authorize(hosted, req, res);
    } catch (error) {
      next(error);
    }
  });

  const idpResponse = (req: Request, res: Response) => finishFederation(hosted, req, res);
  router.get('/oauth2/idpresponse', idpResponse);
  router.post(
    '/oauth2/idpresponse',
    express.urlencoded({ extended: false, limit: '32kb' }),
    idpResponse,
  );
  router.use(createTokenEndpointsRouter(ctx));
  return router;
}

/** The authorisation request, checked: undefined when it has been answered with an error. */
function authorizeRequest(hosted: HostedOAuth, req: Request, res: Response) {
  const { ctx, providers } = hosted;
  const q = (name: string) =>
    typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;
  const clientId = q('client_id');
  const redirectUri = q('redirect_uri');
  if (!clientId || !safeEqual(clientId, ctx.config.clientId)) {
    res.status(400).type('text/plain').send('invalid_request: unknown client_id');
    return undefined;
  }
  if (!redirectUri || !ctx.config.oauth.redirectSignIn.includes(redirectUri)) {
    res
      .status(400)
      .type('text/plain')
      .send('redirect_mismatch: redirect_uri is not registered for this client');
    return undefined;
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
    return undefined;
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
    return undefined;
  }
  const requested = (q('scope') ?? [...allowedScopes].join(' ')).split(/[ +]/).filter(Boolean);
  if (requested.some((scope) => !allowedScopes.has(scope))) {
    redirectWithError(res, redirectUri, 'invalid_scope', 'A requested scope is not allowed', state);
    return undefined;
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
    return undefined;
  }
  return { q, clientId, redirectUri, state, codeChallenge, requested, provider };
}

/** `/oauth2/authorize`: sends the browser to the social provider, remembering the round trip. */
async function authorize(hosted: HostedOAuth, req: Request, res: Response): Promise<void> {
  const { ctx, callbackUrl } = hosted;
  const request = authorizeRequest(hosted, req, res);
  if (!request) return;
  const { q, clientId, redirectUri, state, codeChallenge, requested, provider } = request;
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
}

/** `/oauth2/idpresponse`: the provider's answer, turned into a one-time code for the client. */
async function finishFederation(hosted: HostedOAuth, req: Request, res: Response): Promise<void> {
  const { ctx, providers, callbackUrl } = hosted;
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
      redirectWithError(res, flow.redirectUri, 'invalid_request', 'User is disabled.', flow.state);
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
    ctx.logger.warn({ err: error, provider: flow.provider }, 'identity: federated sign-in failed');
    redirectWithError(
      res,
      flow.redirectUri,
      'server_error',
      'Sign-in with the provider failed',
      flow.state,
    );
  }
}
