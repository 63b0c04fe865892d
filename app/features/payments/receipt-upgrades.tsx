import { formatDateTime } from '@domain/format';
import { UPGRADE_KIND_LABELS } from '@domain/payments/describe';
import type { UpgradeKind } from '@domain/payments/catalogue';

interface UpgradeRow {
  kind: UpgradeKind;
  days: number | null;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  usesTotal: number | null;
  usesSpent: number;
  endedEarlyAt: Date | string | null;
  endedReason: string | null;
}

const ENDED: Record<string, string> = {
  listing_not_public: 'ended early: the listing stopped being public',
  cancelled: 'ended: cancelled',
  refunded: 'ended: refunded',
};

/** What the payment gave the listing, and when each part runs or ran. */
export function ReceiptUpgrades({ upgrades }: { upgrades: UpgradeRow[] }) {
  return (
    <section aria-labelledby="receipt-upgrades">
      <h2 id="receipt-upgrades">Your upgrades</h2>
      <ul>
        {upgrades.map((upgrade, index) => (
          <li key={index} data-testid="receipt-upgrade">
            {UPGRADE_KIND_LABELS[upgrade.kind]}
            {upgrade.days !== null && upgrade.startsAt && upgrade.endsAt
              ? `: ${formatDateTime(upgrade.startsAt)} to ${formatDateTime(upgrade.endsAt)}`
              : `: ${upgrade.usesSpent} of ${upgrade.usesTotal ?? 1} used`}
            {upgrade.endedEarlyAt
              ? ` (${ENDED[upgrade.endedReason ?? ''] ?? 'ended early'} on ${formatDateTime(upgrade.endedEarlyAt)})`
              : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
