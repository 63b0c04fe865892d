import { formatNumber } from '@domain/format';
import { depositCaps } from '@domain/listing/deposit-caps';

/** The most the deposits can be at the rent typed so far (Tenant Fees Act 2019). */
export function DepositHint({
  price,
  period,
}: {
  price: number;
  period: 'month' | 'week' | undefined;
}) {
  if (!period || !Number.isFinite(price) || price <= 0) return null;
  const caps = depositCaps(price, period);
  return (
    <p className="hint" id="deposit-caps">
      At this rent the deposit can be at most £{formatNumber(caps.maxDeposit)} ({caps.depositWeeks}{' '}
      weeks) and the holding deposit £{formatNumber(caps.maxHoldingDeposit)} (one week), under the
      Tenant Fees Act 2019.
    </p>
  );
}
