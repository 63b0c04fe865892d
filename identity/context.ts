import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { IdentityConfig } from './config.ts';
import type { Secrets } from './crypto/secrets.ts';
import type { MessageSender } from './delivery/message-sender.ts';
import type { AbuseLimiter } from '../limits/index.ts';
import type { TokenService } from './tokens.ts';

/** Everything an operation needs, built once by `createIdentityService`. */
export interface IdentityContext {
  db: Database;
  config: IdentityConfig;
  secrets: Secrets;
  tokens: TokenService;
  logger: Logger;
  sendMessage: MessageSender;
  limits: IdentityLimits;
  /** The shared store-backed limiter (database, or Redis with REDIS_URL). */
  limiter: AbuseLimiter;
  /** The caller of the request being answered (set per request by the protocol handler). */
  request?: RequestInfo;
}

export interface IdentityLimits {
  /** Consecutive wrong passwords before lock-out begins. */
  failedSignInsBeforeLockout: number;
  /** Wrong guesses allowed for one code before it is spent. */
  codeAttempts: number;
  /** Codes sent per user and purpose per hour. */
  codeSendsPerHour: number;
  /** Requests per client address per hour for operations strangers can call (SignUp, codes). */
  anonymousRequestsPerHour: number;
  /** Sign-in requests (InitiateAuth, RespondToAuthChallenge) per client address per minute. */
  signInRequestsPerMinute: number;
}

export const defaultLimits: IdentityLimits = {
  failedSignInsBeforeLockout: 5,
  codeAttempts: 5,
  codeSendsPerHour: 5,
  anonymousRequestsPerHour: 300,
  signInRequestsPerMinute: 600,
};

/** What the transport knows about the caller. */
export interface RequestInfo {
  sourceIp: string;
  invocationId?: string;
}
