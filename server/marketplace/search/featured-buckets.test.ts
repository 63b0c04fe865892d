import { describe, expect, it } from 'vitest';
import { FEATURED_BUCKETS, bucketsFor, firstBucket } from './featured-buckets.ts';

describe('featured buckets', () => {
  it('starts each rotation at the next bucket and goes round', () => {
    expect(firstBucket(0)).toBe(0);
    expect(firstBucket(65)).toBe(1);
    expect(bucketsFor(63, 3)).toEqual([63, 0]);
  });

  it('reads more buckets for deeper pages, never more than there are', () => {
    expect(bucketsFor(10, 3)).toHaveLength(2);
    expect(bucketsFor(10, 126).length).toBeGreaterThan(bucketsFor(10, 3).length);
    expect(bucketsFor(10, 100_000)).toHaveLength(FEATURED_BUCKETS);
    expect(new Set(bucketsFor(10, 100_000)).size).toBe(FEATURED_BUCKETS);
  });

  it('starts every bucket equally often over a full round of rotations', () => {
    const starts = new Map<number, number>();
    for (let r = 0; r < FEATURED_BUCKETS * 3; r += 1) {
      const first = bucketsFor(r, 3)[0]!;
      starts.set(first, (starts.get(first) ?? 0) + 1);
    }
    expect(starts.size).toBe(FEATURED_BUCKETS);
    expect([...starts.values()].every((n) => n === 3)).toBe(true);
  });
});
