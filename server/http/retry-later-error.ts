import { AppError } from './app-error.ts';
import type { LimitVerdict } from '../../limits/index.ts';

/**
 * An expected refusal that clears by itself (the server is busy, a limit resets): answered with
 * its status and a `Retry-After` header, so clients and proxies know when to try again.
 */
export class RetryLaterError extends AppError {
  override name = 'RetryLaterError';
  readonly retryAfterSeconds: number;

  constructor(code: 'RATE_LIMITED' | 'UNAVAILABLE', message: string, retryAfterSeconds: number) {
    super(code, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** A limiter's refusal (`limits/`) as a 429 with `Retry-After`, worded for the person. */
export function refuseWhenLimited(verdict: LimitVerdict, message: string): void {
  if (!verdict.allowed) {
    throw new RetryLaterError('RATE_LIMITED', message, verdict.retryAfterSeconds);
  }
}

/** Said while the database does not answer: nothing is wrong with the visitor's request. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Roost cannot reach its database just now. Please try again in a minute.';
export const DATABASE_RETRY_SECONDS = 30;

/** Connection-level failures: the server is away, not the query wrong (codes of node and pg). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|The embedded database is closed/;

/** Whether `error` (or what it wraps: Drizzle wraps the driver's error) says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; depth += 1) {
    const { code, message, name, cause } = at as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (name === 'DatabaseThreadError') return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    at = cause;
  }
  return false;
}

/** The 503 for a request that needed the database while it did not answer. */
export function databaseUnavailable(cause: unknown): RetryLaterError {
  const error = new RetryLaterError(
    'UNAVAILABLE',
    DATABASE_UNAVAILABLE_MESSAGE,
    DATABASE_RETRY_SECONDS,
  );
  error.cause = cause;
  return error;
}

/** A 5xx that clears by itself (a RetryLaterError, or the database away), else undefined. */
export function asRetryLater(error: unknown): RetryLaterError | undefined {
  if (error instanceof RetryLaterError) return error;
  return isDatabaseUnavailable(error) ? databaseUnavailable(error) : undefined;
}
