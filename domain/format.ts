import { LABELS } from './labels.ts';

/** Display rules shared by server rendering and the browser: pounds, London time, British words. */

const poundFormatter = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

export function formatPounds(amount: number): string {
  return poundFormatter.format(amount);
}

export interface PriceParts {
  channel: 'sale' | 'rent';
  price: number;
  priceQualifier: string | null;
  rentPeriod: 'month' | 'week' | null;
}

/** The headline price, e.g. '£250,000', '£1,150 pcm', '£265 pw'. */
export function formatPrice({ channel, price, priceQualifier, rentPeriod }: PriceParts): string {
  if (channel === 'sale' && priceQualifier === 'poa') return 'Price on application';
  if (channel === 'rent') return `${formatPounds(price)} ${rentPeriod === 'week' ? 'pw' : 'pcm'}`;
  return formatPounds(price);
}

/** The words above a sale price ('Guide price'), or the other period for a rent. */
export function formatPriceNote({
  channel,
  price,
  priceQualifier,
  rentPeriod,
}: PriceParts): string | null {
  if (channel === 'rent') {
    const other = rentPeriod === 'week' ? (price * 52) / 12 : (price * 12) / 52;
    return `${formatPounds(Math.round(other))} ${rentPeriod === 'week' ? 'pcm' : 'pw'}`;
  }
  if (!priceQualifier || priceQualifier === 'poa' || priceQualifier === 'fixed_price') {
    return priceQualifier === 'fixed_price' ? LABELS.priceQualifier.fixed_price : null;
  }
  return (LABELS.priceQualifier as Record<string, string>)[priceQualifier] ?? null;
}

export function formatPropertyType(type: string): string {
  return (LABELS.propertyType as Record<string, string>)[type] ?? 'Property';
}

/** A badge for listings no longer simply available, or null. */
export function formatStatusBadge(status: string): string | null {
  if (status === 'active') return null;
  return (LABELS.status as Record<string, string>)[status] ?? null;
}

const londonDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** e.g. '22 November 2026', always in UK time whatever the server's zone. */
export function formatDate(value: string | Date): string {
  return londonDate.format(typeof value === 'string' ? new Date(value) : value);
}

const londonYear = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' });

/** The year in UK time. (Formatters are made once: making one costs more than a page's render.) */
export function formatYear(value: Date): string {
  return londonYear.format(value);
}

const countFormatter = new Intl.NumberFormat('en-GB');

/** e.g. '1,000'. */
export function formatCount(count: number): string {
  return countFormatter.format(count);
}

const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** e.g. '22 November 2026, 14:05', in UK time (GMT or BST) whatever the server's zone. */
export function formatDateTime(value: string | Date): string {
  return londonDateTime.format(typeof value === 'string' ? new Date(value) : value);
}

const londonDayLong = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * A UK calendar day (`YYYY-MM-DD`) as 'Saturday 28 November 2026'. Midday UTC is the same day
 * in London in winter and summer, so the day never shifts.
 */
export function formatCalendarDay(day: string): string {
  // Built from parts: ICU versions differ on a comma after the weekday (server vs browser).
  const parts = londonDayLong.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
