import { AppError } from './app-error.ts';
import type { LimitVerdict } from '../../db/limits/index.ts';

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

/** A limiter's refusal (`db/limits/`) as a 429 with `Retry-After`, worded for the person. */
export function refuseWhenLimited(verdict: LimitVerdict, message: string): void {
  if (!verdict.allowed) {
    throw new RetryLaterError('RATE_LIMITED', message, verdict.retryAfterSeconds);
  }
}
