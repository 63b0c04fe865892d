import { FLOOD_ZONES_ATTRIBUTION } from '../../domain/flood-risk/flood-zones.ts';
import { importFloodZones } from '../../server/marketplace/flood-risk/import-flood-zones.ts';
import type { DatasetImport } from './dataset.ts';

const CRS_NAMES = { 'british-national-grid': 'British National Grid (EPSG:27700)', wgs84: 'WGS84' };

/** The Environment Agency's Flood Map for Planning (Rivers and Sea) flood zones: the whole set. */
export const floodZonesImport: DatasetImport = {
  name: 'flood-zones',
  file: 'the Flood Map for Planning flood zones layer as GeoJSON or a .shp shapefile (replaces the previous one)',
  async run(db, file, onProgress) {
    const summary = await importFloodZones(db, file, onProgress);
    return [
      `Read ${summary.features.toLocaleString('en-GB')} features in ${CRS_NAMES[summary.crs]}:`,
      `  stored ${summary.polygons.toLocaleString('en-GB')} polygons, replacing ${summary.replaced.toLocaleString('en-GB')}`,
      `  skipped ${summary.skipped}`,
      ...summary.problems.map((problem) => `    feature ${problem.feature}: ${problem.reason}`),
      FLOOD_ZONES_ATTRIBUTION,
    ];
  },
};
