// Lighthouse's CPU slowdown for `npm run bench:web`, calibrated to the host (docs/performance.md).
/**
 * The CPU slowdown that makes a host of this `benchmarkIndex` a mid-tier phone, by the anchors of
 * Lighthouse's CPU slowdown calculator (linked from its throttling guide): 150 → 1×, 800 → 2×,
 * 1,300 → 3×, then one more per 233 (4× at about 1,530, the default's high-end desktop). A host
 * slower than the phone is not slowed down.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
