import { currentStep, totpAt } from '../../../identity/totp.ts';

// The codes as the pool checks them (RFC 6238: SHA-1, 6 digits, 30 s steps), from the pool's own
// implementation, so the tests and the server never disagree on one.
const STEP_MS = 30_000;

/**
 * A code to submit now. The pool accepts the steps either side of its own (clock drift,
 * identity/totp.ts) but never a step it has already accepted, so: the current step's code, or
 * the next step's when the current one is `afterStep` (used at set-up). That avoids waiting up to
 * 30 s for a new step; only a step two ahead (never in practice) is waited for.
 */
export async function freshTotpCode(
  secret: string,
  { afterStep = -1 }: { afterStep?: number } = {},
): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = currentStep(now);
    const step = Math.max(current, afterStep + 1);
    if (step <= current + 1) return { code: totpAt(secret, step), step };
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - now + 50));
  }
}
