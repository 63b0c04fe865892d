import proj4 from 'proj4';
import type { ToLngLat } from '../../../domain/flood-risk/flood-zone-feature.ts';

// EPSG:27700 (OSGB36 / British National Grid) with the published seven-parameter shift to WGS84:
// within about 5 m of OSTN15, which proj4 cannot read; see docs/data.md.
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const converter = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

/** Easting and northing in metres to [longitude, latitude] in degrees. */
export const gridToLngLat: ToLngLat = (easting, northing) =>
  converter.forward([easting, northing]) as [number, number];

/** [longitude, latitude] to [easting, northing]: for fixtures, demo data and the benchmark. */
export const lngLatToGrid = (lng: number, lat: number) =>
  converter.inverse([lng, lat]) as [number, number];
