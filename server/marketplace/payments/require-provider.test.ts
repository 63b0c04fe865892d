import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../http/retry-later-error.ts';
import { requireProvider } from './start-checkout.ts';

describe('requireProvider', () => {
  it('answers 503 with a Retry-After when no payment provider is configured', () => {
    let thrown: unknown;
    try {
      requireProvider(undefined);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RetryLaterError);
    expect((thrown as RetryLaterError).code).toBe('UNAVAILABLE');
    expect((thrown as RetryLaterError).retryAfterSeconds).toBeGreaterThan(0);
  });
});
