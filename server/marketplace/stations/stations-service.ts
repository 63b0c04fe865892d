import type { MarketplaceDeps } from '../marketplace-deps.ts';
import { findNearestStations } from './find-stations.ts';

/** Stations: the nearest to a point, from NaPTAN (and the demo's made-up stations). */
export function createStationsService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    /** From the location the property page shows, never a hidden exact one. */
    nearest: ({ lat, lng }: { lat: number; lng: number }) => findNearestStations(db, { lat, lng }),
  };
}
