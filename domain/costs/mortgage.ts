/**
 * Mortgage arithmetic for the calculator on sale listings: illustrations, not advice. Amounts in
 * whole pounds in, pounds and pence out (rounded to the penny).
 */

export const MORTGAGE_TYPES = ['repayment', 'interest_only'] as const;
export type MortgageType = (typeof MORTGAGE_TYPES)[number];

export interface MortgageInput {
  price: number;
  deposit: number;
  /** Years. */
  termYears: number;
  /** Yearly interest rate in percent, e.g. 4.5. */
  ratePercent: number;
  type: MortgageType;
}

export interface MortgageResult {
  loan: number;
  /** Loan to value, percent (whole number). */
  loanToValue: number;
  monthlyPayment: number;
  /** Everything paid over the term, including an interest-only loan's final repayment. */
  totalRepaid: number;
  totalInterest: number;
}

const toPennies = (pounds: number) => Math.round(pounds * 100) / 100;

/**
 * The monthly payment: for a repayment mortgage the annuity `L·r / (1 − (1 + r)^−n)` with the
 * monthly rate `r` and `n` monthly payments (`L / n` at 0%); for interest only, `L·r` each
 * month and the loan itself at the end.
 */
export function mortgage(input: MortgageInput): MortgageResult {
  const price = Math.max(0, input.price);
  const loan = Math.max(0, price - Math.max(0, input.deposit));
  const months = Math.max(1, Math.round(input.termYears * 12));
  const monthlyRate = Math.max(0, input.ratePercent) / 100 / 12;
  let monthly: number;
  let totalRepaid: number;
  if (input.type === 'interest_only') {
    monthly = loan * monthlyRate;
    totalRepaid = monthly * months + loan;
  } else {
    monthly =
      monthlyRate === 0 ? loan / months : (loan * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
    totalRepaid = monthly * months;
  }
  return {
    loan,
    loanToValue: price > 0 ? Math.round((loan / price) * 100) : 0,
    monthlyPayment: toPennies(monthly),
    totalRepaid: toPennies(totalRepaid),
    totalInterest: toPennies(totalRepaid - loan),
  };
}
