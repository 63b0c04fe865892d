import type { RentPeriod } from './enums.ts';

/** Tenant Fees Act 2019 caps, in whole pounds: deposit 5 weeks (6 at £50,000 a year), holding 1. */
export function depositCaps(rent: number, period: RentPeriod) {
  const annual = period === 'week' ? rent * 52 : rent * 12;
  const weekly = annual / 52;
  const depositWeeks = annual >= 50_000 ? 6 : 5;
  return {
    depositWeeks,
    maxDeposit: Math.floor(weekly * depositWeeks + 1e-9),
    maxHoldingDeposit: Math.floor(weekly + 1e-9),
  };
}
