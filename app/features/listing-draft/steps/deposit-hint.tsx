import { formatNumber } from '@domain/format';
import { depositCapFor, holdingDepositCapFor } from '@domain/lettings/check-let';
import { LET_RULES_BY_NATION, type LetNation } from '@domain/lettings/rules-by-nation';

/** The most the deposits can be at the rent typed so far, under the law of the let's nation. */
export function DepositHint({
  price,
  period,
  nation,
}: {
  price: number;
  period: 'month' | 'week' | undefined;
  nation: LetNation | undefined;
}) {
  if (!nation || !period || !Number.isFinite(price) || price <= 0) return null;
  const rules = LET_RULES_BY_NATION[nation];
  const cap = depositCapFor(nation, price, period);
  const holding = holdingDepositCapFor(nation, price, period);
  return (
    <p className="hint" id="deposit-caps">
      {cap
        ? `In ${nation}, at this rent the deposit can be at most £${formatNumber(cap.max)} (${cap.description}; ${rules.deposit.source.law}).`
        : `${rules.deposit.source.law}.`}{' '}
      {holding !== null
        ? `The holding deposit can be at most £${formatNumber(holding)} (one week's rent; ${rules.holdingDeposit.source.law}).`
        : ''}
    </p>
  );
}
