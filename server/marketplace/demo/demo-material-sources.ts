import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  materialSourcesFor,
  type MaterialReasons,
} from '../../../domain/listing/material-sources.ts';
import { suggestMaterialInfo } from '../area-facts/suggest-material-info.ts';
import { listings } from '../listings/schema.ts';
import { DEMO_FLOOD_HOMES } from './demo-flood-zones.ts';

/** A lister's own broadband words, with a reason, on one demo home in this many. */
const OVERRIDE_EVERY = 4;

/**
 * The demo's first homes in England (those with made-up flood zones around them) state their
 * flood risk and broadband as the demo's open data suggests, as a lister who kept the wizard's
 * suggestions would; one in four states its own broadband with a reason. So a new installation
 * shows both kinds of source on the property page.
 */
export async function applyDemoMaterialSources(db: Database, ownerSub: string) {
  const homes = await db
    .select({
      id: listings.id,
      postcode: listings.postcode,
      lat: listings.lat,
      lng: listings.lng,
      materialInfo: listings.materialInfo,
    })
    .from(listings)
    .where(and(eq(listings.ownerSub, ownerSub), eq(listings.country, 'England')))
    .orderBy(asc(listings.id))
    .limit(DEMO_FLOOD_HOMES);
  for (const [index, home] of homes.entries()) {
    const suggestions = await suggestMaterialInfo(db, home);
    const isOverridden = index % OVERRIDE_EVERY === 1;
    const materialInfo = { ...home.materialInfo };
    const reasons: MaterialReasons = {};
    for (const suggestion of suggestions) materialInfo[suggestion.field] = suggestion.text;
    if (isOverridden && suggestions.some((suggestion) => suggestion.field === 'broadband')) {
      materialInfo.broadband = 'Full fibre (FTTP), up to 900 Mbit/s';
      reasons.broadband = 'Full fibre was connected to the house this year';
    }
    const { sources } = materialSourcesFor(suggestions, materialInfo, reasons);
    await db
      .update(listings)
      .set({ materialInfo, materialSources: sources })
      .where(eq(listings.id, home.id));
  }
}
