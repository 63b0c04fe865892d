/**
 * Paid upgrades a lister can buy for a listing. Listing stays free; these only add visibility.
 * Prices are in pence and include VAT (DMCC Act: headline prices include all mandatory charges).
 * This is the default catalogue: the live one is stored as data and admins may change prices,
 * durations and availability.
 */

export const PRODUCT_CODES = [
  'featured_7',
  'featured_14',
  'featured_28',
  'bump',
  'showcase_7',
  'alert_boost',
  'faster_bundle',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** What an upgrade does once granted. */
export const UPGRADE_KINDS = ['featured', 'bump', 'showcase', 'alert_boost'] as const;
export type UpgradeKind = (typeof UPGRADE_KINDS)[number];

/** One part of a product: a kind, for some days (time-boxed) or a number of one-off uses. */
export interface Entitlement {
  kind: UpgradeKind;
  /** Days of placement for time-boxed kinds (featured, showcase); absent for one-offs. */
  days?: number;
  /** How many one-off uses (bump, alert boost); 1 unless a bundle gives more. */
  uses?: number;
}

export interface Product {
  code: ProductCode;
  name: string;
  description: string;
  pricePence: number;
  entitlements: Entitlement[];
  isActive: boolean;
}

export const DEFAULT_CATALOGUE: readonly Product[] = [
  {
    code: 'featured_7',
    name: 'Featured, 7 days',
    description:
      'Pinned above ordinary results in searches that include your home, with a Featured badge.',
    pricePence: 999,
    entitlements: [{ kind: 'featured', days: 7 }],
    isActive: true,
  },
  {
    code: 'featured_14',
    name: 'Featured, 14 days',
    description:
      'Pinned above ordinary results in searches that include your home, with a Featured badge.',
    pricePence: 1799,
    entitlements: [{ kind: 'featured', days: 14 }],
    isActive: true,
  },
  {
    code: 'featured_28',
    name: 'Featured, 28 days',
    description:
      'Pinned above ordinary results in searches that include your home, with a Featured badge.',
    pricePence: 2999,
    entitlements: [{ kind: 'featured', days: 28 }],
    isActive: true,
  },
  {
    code: 'bump',
    name: 'Bump',
    description:
      "Back to the top of 'Newest first' once. Your home's original listing date stays visible.",
    pricePence: 499,
    entitlements: [{ kind: 'bump', uses: 1 }],
    isActive: true,
  },
  {
    code: 'showcase_7',
    name: 'Showcase, 7 days',
    description: 'A slot on the home page and on your town’s page for 7 days.',
    pricePence: 2499,
    entitlements: [{ kind: 'showcase', days: 7 }],
    isActive: true,
  },
  {
    code: 'alert_boost',
    name: 'Alert boost',
    description:
      'Shown first in the next saved-search alerts your home matches (only to people who asked for alerts).',
    pricePence: 1499,
    entitlements: [{ kind: 'alert_boost', uses: 1 }],
    isActive: true,
  },
  {
    code: 'faster_bundle',
    name: 'Sell or let faster',
    description: 'Featured for 28 days, 2 bumps and 1 alert boost.',
    pricePence: 3999,
    entitlements: [
      { kind: 'featured', days: 28 },
      { kind: 'bump', uses: 2 },
      { kind: 'alert_boost', uses: 1 },
    ],
    isActive: true,
  },
];

/** The value of each entitlement at list prices, for sharing a bundle's price out fairly. */
export function entitlementListValuePence(entitlement: Entitlement): number {
  switch (entitlement.kind) {
    case 'featured':
      return Math.round((2999 * (entitlement.days ?? 0)) / 28);
    case 'showcase':
      return Math.round((2499 * (entitlement.days ?? 0)) / 7);
    case 'bump':
      return 499 * (entitlement.uses ?? 1);
    case 'alert_boost':
      return 1499 * (entitlement.uses ?? 1);
  }
}
