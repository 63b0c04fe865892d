import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { databaseUnavailable } from '../http/retry-later-error.ts';
import type { Logger } from '../logger.ts';
import type { AuthSettings } from './auth-settings.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from './id-token-verifier.ts';
import { toSessionUser, type SessionUser } from '../../domain/session-user.ts';
import { hasAmplifyCookies, readBearerToken, readIdTokenCookie } from './token-cookies.ts';

export interface Auth {
  /** The user behind a request's Amplify cookie or `Authorization: Bearer <ID token>`, or null. */
  userFromHeaders(headers: {
    cookie?: string;
    authorization?: string;
  }): Promise<SessionUser | null>;
  /** The user of one ID token, or null when it is missing, forged, expired or for another app. */
  userFromIdToken(token: string | undefined): Promise<SessionUser | null>;
}

export interface CreateAuthOptions {
  /** Reads the issuer settings; called lazily and again after a failure. */
  loadSettings: () => Promise<AuthSettings>;
  logger: Logger;
  /**
   * Whether a verified token's sign-in still stands (the embedded pool's `isTokenLive`): a
   * signature cannot show that the user was disabled or the refresh token revoked since.
   */
  isTokenLive?: (claims: JwtPayload) => Promise<boolean>;
}

export function createAuth({ loadSettings, logger, isTokenLive }: CreateAuthOptions): Auth {
  let ready: Promise<{ settings: AuthSettings; verifier: IdTokenVerifier }> | undefined;

  function prepare() {
    ready ??= loadSettings().then(
      (settings) => ({ settings, verifier: createIdTokenVerifier(settings) }),
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  }

  async function verifyWith(
    read: (settings: AuthSettings) => string | undefined,
  ): Promise<SessionUser | null> {
    let prepared;
    try {
      prepared = await prepare();
    } catch (error) {
      logger.error({ err: error }, 'identity settings unavailable: treating request as signed out');
      return null;
    }
    const token = read(prepared.settings);
    if (!token) return null;
    let claims: JwtPayload;
    try {
      claims = await prepared.verifier.verify(token);
    } catch (error) {
      logger.debug({ reason: (error as Error).message }, 'identity token rejected');
      return null;
    }
    if (isTokenLive) {
      try {
        if (!(await isTokenLive(claims))) {
          logger.debug({ sub: claims.sub }, 'identity token rejected: sign-in revoked');
          return null;
        }
      } catch (error) {
        // A token that cannot be checked signs no one in, nor is it judged invalid: a 401 would
        // make the browser forget the sign-in. The visitor is asked to try again (503).
        logger.error({ err: error }, 'token liveness unknown: answering 503');
        throw databaseUnavailable(error);
      }
    }
    return toSessionUser(claims);
  }

  return {
    userFromHeaders({ cookie, authorization }) {
      const bearer = readBearerToken(authorization);
      if (bearer) return verifyWith(() => bearer);
      if (!hasAmplifyCookies(cookie)) return Promise.resolve(null);
      return verifyWith((settings) => readIdTokenCookie(cookie, settings.clientId));
    },
    userFromIdToken(token) {
      if (!token) return Promise.resolve(null);
      return verifyWith(() => token);
    },
  };
}
