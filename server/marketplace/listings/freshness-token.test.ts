import { describe, expect, it } from 'vitest';
import {
  createFreshnessToken,
  FRESHNESS_LINK_VALID_MS,
  readFreshnessToken,
} from './freshness-token.ts';

const secret = Buffer.from('a test secret of some length', 'utf8');
const requestedAt = new Date('2026-03-01T09:00:00.123Z');
const claim = { listingId: 42, action: 'keep' as const, requestedAt };
const soon = new Date(requestedAt.getTime() + 86_400_000);

describe('freshness answer tokens', () => {
  it('reads back the listing, the answer and the question it was made for', () => {
    const token = createFreshnessToken(secret, claim);
    expect(readFreshnessToken(secret, token, soon)).toEqual({ kind: 'valid', ...claim });
    const agreed = createFreshnessToken(secret, { ...claim, action: 'agreed' });
    expect(readFreshnessToken(secret, agreed, soon)).toMatchObject({ action: 'agreed' });
  });

  it('refuses a token whose listing, answer or date was changed, or signed with another secret', () => {
    const token = createFreshnessToken(secret, claim);
    const [id, action, ms, mac] = token.split('.');
    const forged = [
      [43, action, ms, mac],
      [id, 'agreed', ms, mac],
      [id, action, Number(ms) + 1, mac],
      [id, action, ms, `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`],
    ].map((parts) => parts.join('.'));
    for (const tampered of forged) {
      expect(readFreshnessToken(secret, tampered, soon)).toEqual({ kind: 'invalid' });
    }
    const otherSecret = Buffer.from('another secret entirely', 'utf8');
    expect(readFreshnessToken(otherSecret, token, soon)).toEqual({ kind: 'invalid' });
  });

  it('refuses an answer the link does not offer, and anything not shaped like a token', () => {
    const token = createFreshnessToken(secret, claim);
    expect(readFreshnessToken(secret, token.replace('.keep.', '.delete.'), soon)).toEqual({
      kind: 'invalid',
    });
    for (const junk of ['', 'abc', `${token}x`, token.slice(1)]) {
      expect(readFreshnessToken(secret, junk, soon)).toEqual({ kind: 'invalid' });
    }
  });

  it('expires 14 days after the question was asked', () => {
    const token = createFreshnessToken(secret, claim);
    const lastMoment = new Date(requestedAt.getTime() + FRESHNESS_LINK_VALID_MS);
    expect(readFreshnessToken(secret, token, lastMoment).kind).toBe('valid');
    const after = new Date(lastMoment.getTime() + 1);
    expect(readFreshnessToken(secret, token, after)).toEqual({ kind: 'expired', listingId: 42 });
  });
});
