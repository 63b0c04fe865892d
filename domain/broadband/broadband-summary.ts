import type { BroadbandCoverage, CoverageFigure } from './ofcom-coverage.ts';

/** A postcode's figures as held: Ofcom's (or the demo's) and the month they describe. */
export interface HeldBroadband extends BroadbandCoverage {
  source: 'ofcom' | 'demo';
  /** First day of the month the figures describe, 'YYYY-MM-01'. */
  snapshot: string;
}

/** One speed tier and the share of the postcode's premises that can order it. */
export interface BroadbandTier {
  figure: CoverageFigure;
  label: string;
  percent: number;
}

/** What the property page and the wizard's 'broadband' field show for one postcode. */
export type BroadbandSummary =
  | {
      status: 'published';
      source: 'ofcom' | 'demo';
      snapshot: string;
      /** Fastest first; tiers Ofcom left blank are left out. */
      tiers: BroadbandTier[];
      /** Share of premises that cannot get 10 Mbit/s (Ofcom's 'decent' floor), if published. */
      below10Percent: number | null;
      /** The fastest tier any premises can order, or null when none can. */
      fastest: BroadbandTier | null;
    }
  /** Ofcom's latest file for the postcode's area has no row for it (withheld or not matched). */
  | { status: 'not-published'; snapshot: string }
  /** No figures are held for the postcode's area at all. */
  | { status: 'not-loaded' };

const TIERS: { figure: CoverageFigure; label: string }[] = [
  { figure: 'gigabitPct', label: 'Gigabit (1,000 Mbit/s)' },
  { figure: 'fullFibrePct', label: 'Full fibre' },
  { figure: 'ultrafastPct', label: 'Ultrafast (300 Mbit/s+)' },
  { figure: 'ultrafast100Pct', label: 'Ultrafast (100 Mbit/s+)' },
  { figure: 'superfastPct', label: 'Superfast (30 Mbit/s+)' },
];

/** The summary of a held row (see `BroadbandSummary`). */
export function summariseBroadband(held: HeldBroadband): BroadbandSummary {
  const tiers = TIERS.flatMap(({ figure, label }) => {
    const percent = held[figure];
    return percent === null ? [] : [{ figure, label, percent }];
  });
  return {
    status: 'published',
    source: held.source,
    snapshot: held.snapshot,
    tiers,
    below10Percent: held.below10Pct,
    fastest: tiers.find((tier) => tier.percent > 0) ?? null,
  };
}

/** '80%', '99.5%', '0%'. */
export const formatPercent = (percent: number) =>
  `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;

/** 'Ultrafast (300 Mbit/s+) available to 80% of premises in this postcode'. */
export const tierSentence = (tier: BroadbandTier) =>
  `${tier.label} available to ${formatPercent(tier.percent)} of premises in this postcode`;

/**
 * One line for a material-information 'broadband' field: the fastest tier and its reach, or
 * undefined when there is nothing to prefill (the lister then writes it themselves). The source
 * and month are kept beside it (`MaterialSource`), not in the words.
 */
export function broadbandFieldText(summary: BroadbandSummary): string | undefined {
  if (summary.status !== 'published' || !summary.fastest) return undefined;
  return tierSentence(summary.fastest);
}
