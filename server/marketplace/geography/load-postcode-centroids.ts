import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Nation } from '../../../domain/costs/stamp-duty.ts';
import type { Database } from '../../../db/client.ts';
import { appState } from '../db/app-state-schema.ts';
import { listings } from '../listings/schema.ts';
import { nationForPostcode } from './nation.ts';
import { CENTROID_FILES, centroidTables } from './postcode-centroids.ts';
import { postcodeDistricts, postcodeSectors } from './schema.ts';

/** Where the digest of the files last loaded is kept, so a changed file is loaded again. */
const STATE_KEY = 'postcode-centroids';
const BATCH = 1000;

/** The shipped files' SHA-256, together: what the tables were loaded from. */
export function centroidFilesDigest(): string {
  const hash = createHash('sha256');
  for (const file of [CENTROID_FILES.sectors, CENTROID_FILES.districts]) {
    hash.update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Each listing's stored country from its postcode again, for listings saved under the postcode
 * prefix rule (TD15 stored as Scotland, CH5 as England) or under an older copy of the files.
 */
async function restampListingNations(tx: Database): Promise<number> {
  const stored = await tx
    .selectDistinct({ postcode: listings.postcode, country: listings.country })
    .from(listings);
  const moves = new Map<Nation, Set<string>>();
  for (const { postcode, country } of stored) {
    const nation = nationForPostcode(postcode);
    if (nation !== country) moves.set(nation, (moves.get(nation) ?? new Set()).add(postcode));
  }
  let changed = 0;
  for (const [nation, postcodes] of moves) {
    const list = [...postcodes];
    for (let start = 0; start < list.length; start += BATCH) {
      const rows = await tx
        .update(listings)
        .set({ country: nation })
        .where(
          and(
            inArray(listings.postcode, list.slice(start, start + BATCH)),
            ne(listings.country, nation),
          ),
        )
        .returning({ id: listings.id });
      changed += rows.length;
    }
  }
  return changed;
}

/**
 * Fills `market.postcode_sectors` and `market.postcode_districts` from the shipped files the first
 * time migrations run, and again (replacing them) whenever the files change; a no-op otherwise.
 * Returns how many listings' stored country it corrected, or undefined when nothing was loaded.
 */
export async function loadPostcodeCentroids(db: Database): Promise<number | undefined> {
  const digest = centroidFilesDigest();
  const [state] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, STATE_KEY));
  if ((state?.value as { digest?: string } | undefined)?.digest === digest) return undefined;
  const { sectors, districts } = centroidTables();
  return db.transaction(async (tx) => {
    // The whole of both tables is replaced by the files' rows.
    await tx.execute(sql`truncate ${postcodeSectors}, ${postcodeDistricts}`);
    const sectorRows = [...sectors.values()].map(({ code, ...rest }) => ({
      sector: code,
      ...rest,
    }));
    for (let start = 0; start < sectorRows.length; start += BATCH) {
      await tx.insert(postcodeSectors).values(sectorRows.slice(start, start + BATCH));
    }
    const districtRows = [...districts.values()].map(({ code, ...rest }) => ({
      district: code,
      ...rest,
    }));
    for (let start = 0; start < districtRows.length; start += BATCH) {
      await tx.insert(postcodeDistricts).values(districtRows.slice(start, start + BATCH));
    }
    const corrected = await restampListingNations(tx as unknown as Database);
    await tx
      .insert(appState)
      .values({ key: STATE_KEY, value: { digest } })
      .onConflictDoUpdate({
        target: appState.key,
        set: { value: { digest }, updatedAt: new Date() },
      });
    return corrected;
  });
}
