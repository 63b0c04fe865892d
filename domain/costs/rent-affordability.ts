/**
 * The income letting agents' tenant referencing usually looks for: a yearly gross income of at
 * least 30 times the monthly rent (the same as 2.5 times the yearly rent), or 36 times for a
 * guarantor. A rule of thumb used across UK referencing, not a Roost requirement.
 */
export const TENANT_INCOME_MULTIPLE = 30;
export const GUARANTOR_INCOME_MULTIPLE = 36;

export interface RentAffordability {
  monthlyRent: number;
  /** Yearly gross income (whole pounds, rounded up) a tenant or household usually needs. */
  tenantIncome: number;
  guarantorIncome: number;
}

/** The monthly rent of a rent quoted per week (× 52 ÷ 12) or per month. */
export function monthlyRentOf(price: number, period: 'week' | 'month' | null): number {
  return period === 'week' ? (price * 52) / 12 : price;
}

export function rentAffordability(monthlyRent: number): RentAffordability {
  const rent = Math.max(0, monthlyRent);
  return {
    monthlyRent: Math.round(rent),
    tenantIncome: Math.ceil(rent * TENANT_INCOME_MULTIPLE),
    guarantorIncome: Math.ceil(rent * GUARANTOR_INCOME_MULTIPLE),
  };
}

/** Whether a yearly gross income meets the tenant rule for this monthly rent. */
export function isRentAffordable(monthlyRent: number, yearlyIncome: number): boolean {
  return yearlyIncome >= rentAffordability(monthlyRent).tenantIncome;
}

/** The most monthly rent the tenant rule allows for a yearly gross income. */
export function maxRentFor(yearlyIncome: number): number {
  return Math.floor(Math.max(0, yearlyIncome) / TENANT_INCOME_MULTIPLE);
}
