import { and, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import {
  homeAddressKey,
  postcodeDistrict,
  postcodeSector,
  streetSlug,
} from '../../../domain/sold-prices/address-key.ts';
import { listings } from '../listings/schema.ts';
import { streetOnly } from '../listings/listing-summary.ts';
import { soldPrices, type SoldPriceRow } from './schema.ts';

/** A sale as pages and the API show it. */
export interface SoldPrice {
  price: number;
  soldOn: string;
  propertyType: string;
  isNewBuild: boolean;
  tenure: string;
  /** 'Flat 2, The Mill, 20 Victoria Road': shown for nearby sales, never for the home's own. */
  address: string;
  postcode: string;
  isDemo: boolean;
}

export interface SoldPricesAroundListing {
  /** Earlier sales of this home, newest first (its address stays with the lister). */
  home: Omit<SoldPrice, 'address'>[];
  /** Recent sales in the same street, then in the same postcode sector, newest first. */
  nearby: SoldPrice[];
  /** The street page for the listing's street, if any sale on it is held. */
  street?: { district: string; slug: string };
}

export const NEARBY_SALES = 10;
/** Sales listed on a street page, newest first. */
export const STREET_SALES = 200;

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(
      /(^|[\s,(-])(\p{L})/gu,
      (_, gap: string, letter: string) => gap + letter.toUpperCase(),
    );

/** 'Flat 2, The Mill, 20 Victoria Road'; a named house is followed by a comma. */
function addressOf(row: Pick<SoldPriceRow, 'saon' | 'paon' | 'street'>): string {
  const building = !row.paon
    ? row.street
    : /\d+[A-Z]?$/i.test(row.paon)
      ? `${row.paon} ${row.street}`
      : `${row.paon}, ${row.street}`;
  return titleCase([row.saon, building].filter(Boolean).join(', '));
}

/** A sale without its address: how the home's own sales are shown. */
function saleOf(row: SoldPriceRow): Omit<SoldPrice, 'address'> {
  return {
    price: row.price,
    soldOn: row.soldOn,
    propertyType: row.propertyType,
    isNewBuild: row.isNewBuild,
    tenure: row.tenure,
    postcode: row.postcode,
    isDemo: row.source === 'demo',
  };
}

const toSoldPrice = (row: SoldPriceRow): SoldPrice => ({ ...saleOf(row), address: addressOf(row) });

/** The private facts of a listing's home its sold prices are found by. */
export interface HomeAddress {
  addressLine1: string;
  postcode: string;
}

/**
 * What is known of the listing's home and street from sold prices: the home's own sales (by its
 * address key: `domain/sold-prices/address-key.ts`) and recent sales nearby, the home's own left
 * out so that its price and date do not give away the house number the lister keeps private.
 */
export async function findSoldPricesAroundListing(
  db: Database,
  listingId: number,
): Promise<SoldPricesAroundListing> {
  const [listing] = await db
    .select({ addressLine1: listings.addressLine1, postcode: listings.postcode })
    .from(listings)
    .where(eq(listings.id, listingId));
  return listing ? findSoldPricesAroundHome(db, listing) : { home: [], nearby: [] };
}

const part = (n: number) => ({
  ...getTableColumns(soldPrices),
  part: sql<number>`${n}::int`.as('part'),
});

/**
 * The home's sales, its street's newest and its sector's newest, in one statement: the sector's first NEARBY_SALES hold the newest that are not on the street (those
 * are left out by the caller).
 */
function buildAroundHome(db: Database) {
  const key = sql.placeholder('key');
  return unionAll(
    db
      .select(part(0))
      .from(soldPrices)
      .where(eq(soldPrices.addressKey, key))
      .orderBy(desc(soldPrices.soldOn)),
    db
      .select(part(1))
      .from(soldPrices)
      .where(
        and(
          eq(soldPrices.postcodeDistrict, sql.placeholder('district')),
          eq(soldPrices.streetKey, sql.placeholder('slug')),
          ne(soldPrices.addressKey, key),
        ),
      )
      .orderBy(desc(soldPrices.soldOn))
      .limit(NEARBY_SALES),
    db
      .select(part(2))
      .from(soldPrices)
      .where(
        and(
          eq(soldPrices.postcodeSector, sql.placeholder('sector')),
          ne(soldPrices.addressKey, key),
        ),
      )
      .orderBy(desc(soldPrices.soldOn))
      .limit(NEARBY_SALES),
  )
    .orderBy(sql`part`, desc(soldPrices.soldOn))
    .prepare('sold_prices_around_home');
}

const aroundHomeStatement = preparedOnce(buildAroundHome);

/** What sold prices tell of one home and its street, by its (private) address. */
export async function findSoldPricesAroundHome(
  db: Database,
  address: HomeAddress,
): Promise<SoldPricesAroundListing> {
  const key = homeAddressKey(address.addressLine1, address.postcode);
  const district = postcodeDistrict(address.postcode);
  const slug = streetSlug(streetOnly(address.addressLine1));
  const rows = await aroundHomeStatement(db).execute({
    key,
    district,
    slug,
    sector: postcodeSector(address.postcode),
  });
  const home = rows.filter((row) => row.part === 0);
  const onStreet = rows.filter((row) => row.part === 1);
  const taken = new Set(onStreet.map((row) => row.transactionId));
  const inSector = rows
    .filter((row) => row.part === 2 && !taken.has(row.transactionId))
    .slice(0, NEARBY_SALES - onStreet.length);
  return {
    home: home.map(saleOf),
    nearby: [...onStreet, ...inSector].map(toSoldPrice),
    ...(onStreet.length ? { street: { district, slug } } : {}),
  };
}

export interface StreetSoldPrices {
  street: string;
  town: string;
  district: string;
  sales: SoldPrice[];
  /** Sales held for the street in all, of which `sales` are the newest. */
  total: number;
}

/** Every sale held on one street of one postcode district, newest first; undefined if none. */
export async function findStreetSoldPrices(
  db: Database,
  district: string,
  slug: string,
): Promise<StreetSoldPrices | undefined> {
  const where = and(
    eq(soldPrices.postcodeDistrict, district.toUpperCase()),
    eq(soldPrices.streetKey, slug.toLowerCase()),
  );
  const rows = await db
    .select()
    .from(soldPrices)
    .where(where)
    .orderBy(desc(soldPrices.soldOn))
    .limit(STREET_SALES);
  if (!rows.length) return undefined;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(soldPrices)
    .where(where)) as [{ total: number }];
  return {
    street: titleCase(rows[0]!.street),
    town: titleCase(rows[0]!.town),
    district: rows[0]!.postcodeDistrict,
    sales: rows.map(toSoldPrice),
    total,
  };
}
