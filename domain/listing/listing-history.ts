/** A listing's public history: its prices and the moments it was relisted, sold or let. */

export const HISTORY_KINDS = [
  'listed',
  'reduced',
  'increased',
  'relisted',
  'under_offer',
  'sold_stc',
  'let_agreed',
  'back_on_market',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_LABELS: Record<HistoryKind, string> = {
  listed: 'Listed',
  reduced: 'Reduced',
  increased: 'Price increased',
  relisted: 'Relisted',
  under_offer: 'Under offer',
  sold_stc: 'Sold STC',
  let_agreed: 'Let agreed',
  back_on_market: 'Back on the market',
};

export interface HistoryEntry {
  kind: HistoryKind;
  /** ISO timestamp. */
  on: string;
  /** The asking price from then on (whole pounds). */
  price: number;
}

type StatusEvent = Exclude<HistoryKind, 'listed' | 'reduced' | 'increased'>;

/**
 * ISO timestamps in order, compared as plain text (they sort so): `localeCompare` would load the
 * browser's locale data during hydration, which public pages avoid (tests/e2e/foundation.spec.ts).
 */
const byInstant = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The price changes (oldest first: the first is the listing, then each rise or drop) and the
 * status events merged in date order; each status event carries the price asked at the time.
 * At the same moment a relisting comes before the price it was relisted at.
 */
export function listingHistory(
  prices: readonly { price: number; changedAt: string }[],
  events: readonly { event: StatusEvent; changedAt: string }[],
): HistoryEntry[] {
  const sortedPrices = [...prices].sort((a, b) => byInstant(a.changedAt, b.changedAt));
  const priceEntries: HistoryEntry[] = sortedPrices.map((entry, index) => {
    const before = sortedPrices[index - 1];
    const kind: HistoryKind = !before
      ? 'listed'
      : entry.price < before.price
        ? 'reduced'
        : 'increased';
    return { kind, on: entry.changedAt, price: entry.price };
  });
  const priceAt = (on: string) =>
    sortedPrices.filter((entry) => entry.changedAt <= on).at(-1)?.price ??
    sortedPrices[0]?.price ??
    0;
  const eventEntries: HistoryEntry[] = events.map((entry) => ({
    kind: entry.event,
    on: entry.changedAt,
    price: priceAt(entry.changedAt),
  }));
  const rank = (entry: HistoryEntry) => (entry.kind === 'relisted' ? 0 : 1);
  return [...priceEntries, ...eventEntries].sort(
    (a, b) => byInstant(a.on, b.on) || rank(a) - rank(b),
  );
}

/**
 * The latest price change, when it was a drop to `current`: by how much and when (prices oldest
 * first). The search cards' SQL (listing-summary.ts) applies the same rule in the database.
 */
export function latestDrop(
  prices: readonly { price: number; changedAt: string }[],
  current: number,
): { by: number; on: string } | null {
  const last = prices.at(-1);
  const before = prices.at(-2);
  if (!last || !before || last.price !== current || last.price >= before.price) return null;
  return { by: before.price - last.price, on: last.changedAt };
}
