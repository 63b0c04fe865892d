import proj4 from 'proj4';

/**
 * EPSG:27700, OSGB36 / British National Grid, with the published seven-parameter Helmert shift
 * to WGS84. Without Ordnance Survey's OSTN15 grid the shift is good to about 5 m, far finer
 * than 'miles as the crow flies' needs.
 */
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const toWgs84 = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

/** A grid reference (metres east and north of the grid's false origin) as WGS84 degrees. */
export function gridToLatLng(easting: number, northing: number): { lat: number; lng: number } {
  const [lng, lat] = toWgs84.forward([easting, northing]) as [number, number];
  return { lat, lng };
}
