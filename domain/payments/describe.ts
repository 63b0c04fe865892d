import type { Entitlement, UpgradeKind } from './catalogue.ts';

export const UPGRADE_KIND_LABELS: Record<UpgradeKind, string> = {
  featured: 'Featured',
  bump: 'Bump',
  showcase: 'Showcase',
  alert_boost: 'Alert boost',
};

/** One entitlement in words: 'Featured for 28 days', '2 bumps', '1 alert boost'. */
export function describeEntitlement(entitlement: Entitlement): string {
  const label = UPGRADE_KIND_LABELS[entitlement.kind];
  if (entitlement.days !== undefined) {
    return `${label} for ${entitlement.days} ${entitlement.days === 1 ? 'day' : 'days'}`;
  }
  const uses = entitlement.uses ?? 1;
  const noun = label.toLowerCase();
  return `${uses} ${uses === 1 ? noun : `${noun}s`}`;
}

/** How long a product lasts, for the catalogue: '7 days', or 'One-off' for single uses. */
export function durationOf(entitlements: readonly Entitlement[]): string {
  const days = Math.max(0, ...entitlements.map((entitlement) => entitlement.days ?? 0));
  return days > 0 ? `${days} days` : 'One-off';
}
