import type { MarketplaceDeps } from '../marketplace-deps.ts';
import { floodRiskAt, floodRiskForHome } from './find-flood-risk.ts';

/** Flood risk: public reads of the imported Flood Map for Planning zones (and the demo's). */
export function createFloodRiskService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    /** The zone at a point in England, or undefined when no zones are loaded. */
    at: (place: { lat: number; lng: number }) => floodRiskAt(db, place),
    forHome: (home: { lat: number; lng: number; isApproximate: boolean; country: string }) =>
      floodRiskForHome(db, home),
  };
}
