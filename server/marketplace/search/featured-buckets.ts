/**
 * Featured homes in buckets, for searches with very many of them (a whole channel, a big city).
 *
 * Shuffling every matching Featured home by the rotation's hash costs a sort of all of them: at
 * 30,000 (5 % of a million listings, a nationwide browse) that was most of a 60–120 ms search.
 * Past `FEATURED_SHUFFLE_LIMIT`, the homes are split into `FEATURED_BUCKETS` buckets by id (an
 * index holds them so), and the rotation walks the buckets: it starts at its own bucket and goes
 * round, shuffling within each. A results page needs only the first few buckets in that order.
 * Over the rotations every bucket starts equally often and every home is equally likely to be
 * first within its bucket, so the fairness of the plain shuffle holds on average.
 */
export const FEATURED_BUCKETS = 64;

/** Up to this many matching Featured homes are shuffled whole; beyond it, bucket by bucket. */
export const FEATURED_SHUFFLE_LIMIT = 1_000;

/** With more than the limit, each bucket holds at least about this many homes. */
const LEAST_PER_BUCKET = Math.floor((FEATURED_SHUFFLE_LIMIT + 1) / FEATURED_BUCKETS);

/** The bucket a rotation starts with: consecutive rotations start at consecutive buckets. */
export function firstBucket(rotation: number): number {
  return ((rotation % FEATURED_BUCKETS) + FEATURED_BUCKETS) % FEATURED_BUCKETS;
}

/**
 * The buckets, in the rotation's order, that hold the first `rowsNeeded` homes of its order
 * (one more than the least that could, for buckets below the average size).
 */
export function bucketsFor(rotation: number, rowsNeeded: number): number[] {
  const count = Math.min(FEATURED_BUCKETS, Math.ceil(rowsNeeded / LEAST_PER_BUCKET) + 1);
  const first = firstBucket(rotation);
  return Array.from({ length: count }, (_, i) => (first + i) % FEATURED_BUCKETS);
}
