import { formatNumber } from '../format.ts';
import {
  LBTT,
  LTT,
  SDLT,
  SURCHARGE_THRESHOLD,
  type PurchaseTax,
  type TaxBand,
  type TaxSource,
} from './stamp-duty-rates.ts';

/** The UK nations a listing can be in; the tax on buying depends on which. */
export const NATIONS = ['England', 'Scotland', 'Wales', 'Northern Ireland'] as const;
export type Nation = (typeof NATIONS)[number];

export const BUYER_TYPES = ['mover', 'first_time', 'additional'] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

export const BUYER_TYPE_LABELS: Record<BuyerType, string> = {
  mover: 'Moving home (replacing my main home)',
  first_time: 'First-time buyer',
  additional: 'Buying an additional home (second home or buy-to-let)',
};

export interface StampDutyInput {
  price: number;
  nation: Nation;
  buyer: BuyerType;
  /** No buyer is UK resident (SDLT only: England and Northern Ireland). */
  isNonResident?: boolean;
  /** Completion date (ISO); today's rates when left out. */
  on?: string;
}

export interface BandCharge {
  /** Slice of the price, whole pounds: above `from`, up to `to` (`null` = no top). */
  from: number;
  to: number | null;
  rate: number;
  /** Tax on the part of the price inside the slice, in pence (floored only in the total). */
  taxPence: number;
}

export interface StampDutyResult {
  tax: PurchaseTax['short'];
  taxName: string;
  source: TaxSource;
  /** The tax due in whole pounds (rounded down, as each authority does). */
  total: number;
  bands: BandCharge[];
  /** Scotland's Additional Dwelling Supplement, a share of the whole price. */
  supplement: { name: string; rate: number; amount: number } | null;
  /** Plain-English notes: which relief or surcharge was applied, or why not. */
  notes: string[];
  /** Effective rate, percent of the price, one decimal. */
  effectiveRate: number;
}

function latest<T extends { from: string }>(entries: readonly T[], on: string): T | undefined {
  let found: T | undefined;
  for (const entry of entries) if (entry.from <= on) found = entry;
  return found;
}

function required<T extends { from: string }>(entries: readonly T[], on: string): T {
  const entry = latest(entries, on);
  if (!entry) throw new RangeError(`No rates held for ${on}`);
  return entry;
}

/** Each slice's charge; `extraPoints` is added to every band's rate (surcharges). */
function charge(price: number, bands: readonly TaxBand[], extraPoints = 0): BandCharge[] {
  const charges: BandCharge[] = [];
  let from = 0;
  for (const band of bands) {
    if (price <= from) break;
    const top = band.upTo === null ? price : Math.min(price, band.upTo);
    const rate = band.rate + extraPoints;
    // Rates have at most one decimal place: tenths of a point keep the arithmetic exact.
    const taxPence = ((top - from) * Math.round(rate * 10)) / 10;
    charges.push({ from, to: band.upTo, rate, taxPence: Math.round(taxPence * 100) / 100 });
    from = band.upTo ?? price;
  }
  return charges;
}

/**
 * Whether a surcharge (higher rates, supplement) is due at this price; when it is not, says so in
 * the notes.
 */
function isSurchargeDue(price: number, surcharge: string, notes: string[]): boolean {
  if (price >= SURCHARGE_THRESHOLD) return true;
  notes.push(`No ${surcharge}: the price is under ${pounds(SURCHARGE_THRESHOLD)}.`);
  return false;
}

function totalPounds(bands: BandCharge[], extraPence = 0): number {
  const pence = bands.reduce((sum, band) => sum + band.taxPence, 0) + extraPence;
  return Math.floor(Math.round(pence) / 100);
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function sdlt(input: Required<StampDutyInput>): StampDutyResult {
  const { price, buyer, on } = input;
  const notes: string[] = [];
  let points = 0;
  if (buyer === 'additional' && isSurchargeDue(price, 'higher rates', notes)) {
    const surcharge = required(SDLT.additionalHomeSurcharge, on).points;
    points += surcharge;
    notes.push(`Higher rates for additional homes: ${surcharge}% added to every band.`);
  }
  if (input.isNonResident && isSurchargeDue(price, 'non-resident surcharge', notes)) {
    const surcharge = required(SDLT.nonResidentSurcharge, on).points;
    points += surcharge;
    notes.push(`Non-UK resident surcharge: ${surcharge}% added to every band.`);
  }
  let bands = required(SDLT.standard, on).bands;
  if (buyer === 'first_time') {
    const relief = required(SDLT.firstTimeBuyer, on);
    if (price <= relief.maxPrice) {
      bands = relief.bands;
      notes.push(
        `First-time buyers' relief: no tax on the first ${pounds(relief.bands[0]!.upTo!)}.`,
      );
    } else {
      notes.push(
        `No first-time buyers' relief: it applies only to homes costing ${pounds(relief.maxPrice)} or less.`,
      );
    }
  }
  const charges = charge(price, bands, points);
  return result(SDLT, price, charges, null, notes);
}

function lbtt(input: Required<StampDutyInput>): StampDutyResult {
  const { price, buyer, on } = input;
  const notes: string[] = [];
  let bands = required(LBTT.standard, on).bands;
  if (buyer === 'first_time') {
    const nilBand = required(LBTT.firstTimeBuyerNilBand, on).upTo;
    bands = [
      { upTo: nilBand, rate: 0 },
      ...bands.filter((band) => (band.upTo ?? Infinity) > nilBand && band.rate > 0),
    ];
    notes.push(`First-time buyer relief: no tax on the first ${pounds(nilBand)}.`);
  }
  let supplement: StampDutyResult['supplement'] = null;
  if (buyer === 'additional' && isSurchargeDue(price, 'Additional Dwelling Supplement', notes)) {
    const rate = required(LBTT.additionalDwellingSupplement, on).rate;
    supplement = {
      name: 'Additional Dwelling Supplement',
      rate,
      amount: Math.floor((price * rate) / 100),
    };
    notes.push(`Additional Dwelling Supplement: ${rate}% of the whole price.`);
  }
  return result(LBTT, price, charge(price, bands), supplement, notes);
}

function ltt(input: Required<StampDutyInput>): StampDutyResult {
  const { price, buyer, on } = input;
  const notes: string[] = [];
  let bands = required(LTT.standard, on).bands;
  if (buyer === 'additional' && isSurchargeDue(price, 'higher rates', notes)) {
    bands = required(LTT.higher, on).bands;
    notes.push('Higher residential rates for an additional home.');
  }
  if (buyer === 'first_time') notes.push('Wales has no first-time buyer relief.');
  return result(LTT, price, charge(price, bands), null, notes);
}

function result(
  table: PurchaseTax,
  price: number,
  bands: BandCharge[],
  supplement: StampDutyResult['supplement'],
  notes: string[],
): StampDutyResult {
  const total = totalPounds(bands) + (supplement?.amount ?? 0);
  return {
    tax: table.short,
    taxName: table.name,
    source: table.source,
    total,
    bands,
    supplement,
    notes,
    effectiveRate: price > 0 ? Math.round((total / price) * 1000) / 10 : 0,
  };
}

function pounds(amount: number): string {
  return `£${formatNumber(amount)}`;
}

/**
 * The tax on buying a home at `price` in `nation`: SDLT in England and Northern Ireland, LBTT in
 * Scotland, LTT in Wales, with first-time buyers' relief and the additional-home and
 * non-resident surcharges where they exist. An estimate for residential purchases by individuals.
 */
export function stampDuty(input: StampDutyInput): StampDutyResult {
  const price = Math.max(0, Math.floor(input.price));
  const full: Required<StampDutyInput> = {
    ...input,
    price,
    isNonResident: input.isNonResident ?? false,
    on: input.on ?? todayIso(),
  };
  if (input.nation === 'Scotland') return lbtt(full);
  if (input.nation === 'Wales') return ltt(full);
  return sdlt(full);
}

/** The tax's short name for a nation, e.g. 'LBTT' for Scotland. */
export function stampDutyName(nation: Nation): string {
  if (nation === 'Scotland') return 'Land and Buildings Transaction Tax';
  if (nation === 'Wales') return 'Land Transaction Tax';
  return 'Stamp Duty Land Tax';
}

export function isNation(value: unknown): value is Nation {
  return typeof value === 'string' && (NATIONS as readonly string[]).includes(value);
}
