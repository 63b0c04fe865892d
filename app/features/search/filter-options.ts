import { formatPounds, pluralise } from '@domain/format';
import { optionsOf } from '@domain/labels';
import { ADDED_WITHIN_DAYS, RADIUS_MILES, type SearchQuery } from '@domain/search/search-params';
import type { Option } from '~/components/ui/select';
import type { Channel } from './search-url';

const SALE_PRICES = [
  50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000,
  2_000_000,
];
const RENT_PRICES = [300, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000];

export function radiusLabel(miles: number): string {
  if (miles === 0) return 'This area only';
  if (miles === 0.25) return 'Within ¼ mile';
  if (miles === 0.5) return 'Within ½ mile';
  return `Within ${pluralise(miles, 'mile')}`;
}

export const RADIUS_OPTIONS: Option[] = RADIUS_MILES.map((miles) => [
  String(miles),
  radiusLabel(miles),
]);

export function priceOptions(channel: Channel): Option[] {
  return (channel === 'sale' ? SALE_PRICES : RENT_PRICES).map((price) => [
    String(price),
    formatPounds(price),
  ]);
}

export const BEDROOM_OPTIONS: Option[] = [0, 1, 2, 3, 4, 5].map((beds) => [
  String(beds),
  beds === 0 ? 'Studio' : String(beds),
]);

export const PRICE_PERIOD_OPTIONS: Option[] = [
  ['month', 'Month'],
  ['week', 'Week'],
];

/** 'Nearest' only makes sense when the search has a place to measure from. */
export function sortOptions(hasLocation: boolean): Option[] {
  const sorts: Option[] = [
    ['newest', 'Newest listed'],
    ['price-asc', 'Lowest price'],
    ['price-desc', 'Highest price'],
  ];
  return hasLocation ? [...sorts, ['nearest', 'Nearest']] : sorts;
}

export const ADDED_OPTIONS: Option[] = ADDED_WITHIN_DAYS.map((days) => [
  String(days),
  days === 1 ? 'Last 24 hours' : `Last ${days} days`,
]);

/** Shared ownership and auctions are ways of buying, not renting. */
export function mustHaveOptions(channel: Channel): Option[] {
  return optionsOf('feature').filter(
    ([feature]) => channel === 'sale' || (feature !== 'shared_ownership' && feature !== 'auction'),
  );
}

/** Whether anything narrows the search beyond its place and radius. */
export function hasFilters(query: SearchQuery): boolean {
  return (
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.minBeds !== undefined ||
    query.maxBeds !== undefined ||
    query.types.length > 0 ||
    query.features.length > 0 ||
    query.addedWithinDays !== undefined ||
    query.minArea !== undefined ||
    query.maxArea !== undefined ||
    query.furnished !== undefined ||
    query.letType !== undefined ||
    Boolean(query.keywords)
  );
}
