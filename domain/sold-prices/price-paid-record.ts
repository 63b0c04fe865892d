/**
 * One row of HM Land Registry's Price Paid Data, as published (gov.uk, 'Price Paid Data:
 * explanations of column headers'): sixteen quoted columns, no header row, in this order.
 */
export const PRICE_PAID_COLUMNS = [
  'transactionId',
  'price',
  'transferDate',
  'postcode',
  'propertyType',
  'oldNew',
  'duration',
  'paon',
  'saon',
  'street',
  'locality',
  'town',
  'district',
  'county',
  'category',
  'recordStatus',
] as const;

export const PROPERTY_TYPES = {
  D: 'Detached',
  S: 'Semi-detached',
  T: 'Terraced',
  F: 'Flat or maisonette',
  O: 'Other',
} as const;
export const TENURES = { F: 'Freehold', L: 'Leasehold', U: 'Unknown tenure' } as const;

export type SoldPropertyType = keyof typeof PROPERTY_TYPES;
export type SoldTenure = keyof typeof TENURES;

/** A sale as Roost keeps it: the publisher's fields, with its codes kept as codes. */
export interface PricePaidSale {
  transactionId: string;
  price: number;
  /** The completion date, YYYY-MM-DD. */
  soldOn: string;
  postcode: string;
  propertyType: SoldPropertyType;
  isNewBuild: boolean;
  tenure: SoldTenure;
  paon: string;
  saon: string;
  street: string;
  locality: string;
  town: string;
  district: string;
  county: string;
  /** A: a standard sale at full market value; B: additional (repossessions, buy-to-let, …). */
  category: 'A' | 'B';
}

/** What a row asks for: add or change the sale (A, C), or delete it (D). */
export type PricePaidChange =
  | { kind: 'upsert'; sale: PricePaidSale; isChange: boolean }
  | { kind: 'delete'; transactionId: string };

export type ParsedRow = { ok: true; change: PricePaidChange } | { ok: false; reason: string };

const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;
const GUID = /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/i;

/**
 * One row's fields (already unquoted) as a change, or why it cannot be used. Deletions carry
 * only what identifies the sale, so only the identifier is checked for them; the complete file
 * marks every row 'A', and a file without the sixteenth column is read as additions.
 */
export function parsePricePaidRow(fields: string[]): ParsedRow {
  if (fields.length !== 15 && fields.length !== 16)
    return { ok: false, reason: `expected 16 columns, found ${fields.length}` };
  const at = (name: (typeof PRICE_PAID_COLUMNS)[number]) =>
    (fields[PRICE_PAID_COLUMNS.indexOf(name)] ?? '').trim();
  const transactionId = at('transactionId').toUpperCase();
  if (!GUID.test(transactionId))
    return { ok: false, reason: 'transaction identifier is not a GUID' };
  const status = at('recordStatus') || 'A';
  if (status === 'D') return { ok: true, change: { kind: 'delete', transactionId } };
  if (status !== 'A' && status !== 'C')
    return { ok: false, reason: `record status "${status}" is not A, C or D` };

  const price = Number(at('price'));
  if (!Number.isSafeInteger(price) || price <= 0)
    return { ok: false, reason: 'price is not a whole number of pounds' };
  const soldOn = /^(\d{4}-\d{2}-\d{2})(?: \d{2}:\d{2})?$/.exec(at('transferDate'))?.[1];
  if (!soldOn || Number.isNaN(Date.parse(soldOn)))
    return { ok: false, reason: 'date of transfer is not a date' };
  const postcode = at('postcode').toUpperCase();
  // Some sales (new estates, land) have no postcode yet: they cannot be placed, so are skipped.
  if (!POSTCODE.test(postcode)) return { ok: false, reason: 'no usable postcode' };
  const propertyType = at('propertyType');
  if (!(propertyType in PROPERTY_TYPES))
    return { ok: false, reason: `property type "${propertyType}" is unknown` };
  const oldNew = at('oldNew');
  if (oldNew !== 'Y' && oldNew !== 'N') return { ok: false, reason: 'old/new is not Y or N' };
  const tenure = at('duration') || 'U';
  if (!(tenure in TENURES)) return { ok: false, reason: `duration "${tenure}" is unknown` };
  const category = at('category') || 'A';
  if (category !== 'A' && category !== 'B')
    return { ok: false, reason: `category "${category}" is unknown` };
  return {
    ok: true,
    change: {
      kind: 'upsert',
      isChange: status === 'C',
      sale: {
        transactionId,
        price,
        soldOn,
        postcode: postcode.includes(' ')
          ? postcode
          : `${postcode.slice(0, -3)} ${postcode.slice(-3)}`,
        propertyType: propertyType as SoldPropertyType,
        isNewBuild: oldNew === 'Y',
        tenure: tenure as SoldTenure,
        paon: at('paon'),
        saon: at('saon'),
        street: at('street'),
        locality: at('locality'),
        town: at('town'),
        district: at('district'),
        county: at('county'),
        category,
      },
    },
  };
}
