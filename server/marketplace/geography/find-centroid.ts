import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { postcodeDistricts, postcodeSectors } from './schema.ts';

/** The centre of a postcode sector ('LS29 8') from the ONS lookup, if it has one. */
export async function findSectorCentroid(db: Database, sector: string) {
  const [row] = await db
    .select({ lat: postcodeSectors.lat, lng: postcodeSectors.lng })
    .from(postcodeSectors)
    .where(eq(postcodeSectors.sector, sector));
  return row;
}

/** The centre of a postcode district ('LS29') from the ONS lookup, if it has one. */
export async function findDistrictCentroid(db: Database, district: string) {
  const [row] = await db
    .select({ lat: postcodeDistricts.lat, lng: postcodeDistricts.lng })
    .from(postcodeDistricts)
    .where(eq(postcodeDistricts.district, district));
  return row;
}
