import type { Database } from '../../../db/client.ts';
import type { MaterialSuggestion } from '../../../domain/listing/material-sources.ts';
import { suggestBroadband } from '../broadband/suggest-broadband.ts';
import { suggestFloodRisk } from '../flood-risk/suggest-flood-risk.ts';

/** Where a home is, as the open-data lookups need it. */
export interface HomePlace {
  postcode: string;
  lat: number;
  lng: number;
  /** Placed by its postcode sector or district, not its own position. */
  isApproximate?: boolean;
}

/** One dataset's suggestion for one part of the material information, or none. */
export type MaterialSuggester = (
  db: Database,
  place: HomePlace,
) => Promise<MaterialSuggestion | undefined>;

/** The datasets that suggest material information, each beside the data it reads. */
const SUGGESTERS: MaterialSuggester[] = [suggestFloodRisk, suggestBroadband];

/** What the imported open data says about a home's flood risk and broadband. */
export async function suggestMaterialInfo(
  db: Database,
  place: HomePlace,
): Promise<MaterialSuggestion[]> {
  const found = await Promise.all(SUGGESTERS.map((suggest) => suggest(db, place)));
  return found.filter((suggestion) => suggestion !== undefined);
}
