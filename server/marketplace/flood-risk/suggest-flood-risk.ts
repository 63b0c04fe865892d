import { eq, max } from 'drizzle-orm';
import { FLOOD_ZONE_LABELS } from '../../../domain/flood-risk/flood-zones.ts';
import type { MaterialSuggester } from '../area-facts/suggest-material-info.ts';
import { nationForPostcode } from '../geography/nation.ts';
import { floodRiskAt } from './find-flood-risk.ts';
import { floodZones } from './schema.ts';

/**
 * The material information's 'flood risk': the Flood Map for Planning zone at the home. Only
 * where the home was placed by its own postcode's position in England: a sector's or district's
 * centre can lie in another zone, and a wrong zone is worse than none.
 */
export const suggestFloodRisk: MaterialSuggester = async (db, place) => {
  if (place.isApproximate || nationForPostcode(place.postcode) !== 'England') return undefined;
  const risk = await floodRiskAt(db, place);
  if (!risk) return undefined;
  const source = risk.isDemo ? 'demo' : 'environment-agency';
  const [loaded] = await db
    .select({ at: max(floodZones.importedAt) })
    .from(floodZones)
    .where(eq(floodZones.source, source));
  const { title, probability } = FLOOD_ZONE_LABELS[risk.zone];
  return {
    field: 'floodRisk',
    text: `${title} (rivers and the sea). ${probability}`,
    source: 'Environment Agency Flood Map for Planning',
    asOf: (loaded?.at ?? new Date()).toISOString().slice(0, 10),
    isDemo: risk.isDemo,
  };
};
