import { asc, eq } from 'drizzle-orm';
import type { Entitlement } from '../../../domain/payments/catalogue.ts';
import { splitVat } from '../../../domain/payments/vat.ts';
import type { Db } from './payment-records.ts';
import { products } from './schema.ts';

export interface CatalogueProduct {
  code: string;
  name: string;
  description: string;
  pricePence: number;
  netPence: number;
  vatPence: number;
  entitlements: Entitlement[];
}

/** The upgrades on sale now, in catalogue order, with the VAT inside each price (for /pricing). */
export async function listProducts(db: Db): Promise<CatalogueProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.position), asc(products.code));
  return rows.map((row) => {
    const { netPence, vatPence } = splitVat(row.pricePence);
    return {
      code: row.code,
      name: row.name,
      description: row.description,
      pricePence: row.pricePence,
      netPence,
      vatPence,
      entitlements: row.entitlements,
    };
  });
}
