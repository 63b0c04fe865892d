import { LABELS } from './labels.ts';
import { type LondonTime, londonTime } from './london-time.ts';

/**
 * Display rules shared by server rendering and the browser: pounds, London time, British words.
 *
 * Written without `Intl`, whose first call in a browser tab loads ICU's data (40–130 ms of the
 * main thread on the benchmark machine, docs/performance.md) and whose output differs between
 * ICU versions (a comma after the weekday, 'at' before the time), which a page must not: the
 * server's text and the browser's must match when the page hydrates. `format.test.ts` checks
 * every function here against `Intl`'s en-GB output.
 */

/** Digits in threes with commas: '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Adds one to a string of decimal digits: '0999' → '1000'. */
function incrementDigits(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index--;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, index)}${Number(digits[index]) + 1}${'0'.repeat(digits.length - index - 1)}`;
}

/** A non-negative finite number's shortest decimal form as whole and fraction digits. */
function decimalDigits(magnitude: number): [whole: string, fraction: string] {
  // From 1e21, and below 1e-6, String() writes an exponent ('1.5e+25'): written out here.
  const [mantissa = '0', exponent = '0'] = String(magnitude).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point >= digits.length) return [digits.padEnd(point, '0'), ''];
  if (point <= 0) return ['0', `${'0'.repeat(-point)}${digits}`];
  return [digits.slice(0, point), digits.slice(point)];
}

/**
 * A number as en-GB writes it, with at most `maxFractionDigits` (and at least
 * `minFractionDigits`) after the point: 1234.5678 → '1,234.568'. Like ICU, it rounds the
 * number's shortest decimal form half away from zero (41.4535 → '41.454').
 */
export function formatNumber(value: number, maxFractionDigits = 3, minFractionDigits = 0): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const magnitude = Math.abs(value);
  if (magnitude === Infinity) return `${sign}∞`;
  let [whole, fraction] = decimalDigits(magnitude);
  if (fraction.length > maxFractionDigits) {
    const roundsUp = fraction[maxFractionDigits]! >= '5';
    fraction = fraction.slice(0, maxFractionDigits);
    if (roundsUp) {
      const digits = incrementDigits(whole + fraction);
      whole = digits.slice(0, digits.length - fraction.length);
      fraction = digits.slice(digits.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minFractionDigits, '0');
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** e.g. '£250,000', '-£5': whole pounds. */
export function formatPounds(amount: number): string {
  return withPoundSign(formatNumber(amount, 0));
}

/** e.g. 9.99 → '£9.99', 0 → '£0.00': pounds and pence. */
export function formatPoundsAndPence(amount: number): string {
  return withPoundSign(formatNumber(amount, 2, 2));
}

/** '£' after any minus sign, as en-GB writes money: '-£5'. */
function withPoundSign(number: string): string {
  return number.startsWith('-') ? `-£${number.slice(1)}` : `£${number}`;
}

/** e.g. 999 → '£9.99', 0 → '£0.00'. */
export function formatPence(pence: number): string {
  return formatPoundsAndPence(pence / 100);
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

/**
 * 'Reduced by £10,000 on 22 November 2026', 'Reduced by £50 pcm on …'; a price on application
 * keeps its amount to itself, so only the date.
 */
export function formatReduction(listing: PriceParts, by: number, on: string | Date): string {
  const when = formatDate(on);
  if (listing.channel === 'sale' && listing.priceQualifier === 'poa') return `Reduced on ${when}`;
  return `Reduced by ${formatPrice({ ...listing, priceQualifier: null, price: by })} on ${when}`;
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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);
/** '7' → '07': hours, minutes, months and days as clocks and ISO dates write them. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');

const dayMonthYear = ({ day, month, year }: LondonTime) => `${day} ${MONTHS[month - 1]} ${year}`;

/** e.g. '22 November 2026', always in UK time whatever the server's or browser's zone. */
export function formatDate(value: string | Date): string {
  return dayMonthYear(londonTime(asDate(value)));
}

/** e.g. 'November 2026', in UK time. */
export function formatMonthYear(value: string | Date): string {
  const { month, year } = londonTime(asDate(value));
  return `${MONTHS[month - 1]} ${year}`;
}

/** The year in UK time. */
export function formatYear(value: Date): string {
  return String(londonTime(value).year);
}

/** e.g. '1,000'. */
export function formatCount(count: number): string {
  return formatNumber(count);
}

/** e.g. '22 November 2026 at 14:05', in UK time (GMT or BST) whatever the server's zone. */
export function formatDateTime(value: string | Date): string {
  const time = londonTime(asDate(value));
  return `${dayMonthYear(time)} at ${twoDigits(time.hour)}:${twoDigits(time.minute)}`;
}

/**
 * A UK calendar day (`YYYY-MM-DD`) as 'Saturday 28 November 2026'. Worked out at midday UTC,
 * which is the same day in London in winter and summer, so the day never shifts.
 */
export function formatCalendarDay(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) throw new RangeError(`Not a calendar day: ${day}`);
  return `${WEEKDAYS[noon.getUTCDay()]} ${formatDate(noon)}`;
}

export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
