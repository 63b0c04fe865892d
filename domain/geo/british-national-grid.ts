import proj4 from 'proj4';

/**
 * EPSG:27700, OSGB36 / British National Grid, with the published seven-parameter Helmert shift
 * to WGS84. Without Ordnance Survey's OSTN15 grid (which proj4 cannot read) the shift is good to
 * about 5 m: finer than 'miles as the crow flies' or an area's flood zone needs (docs/data.md).
 */
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const converter = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

/** Easting and northing in metres to [longitude, latitude] in degrees. */
export const gridToLngLat = (easting: number, northing: number) =>
  converter.forward([easting, northing]) as [number, number];

/** [longitude, latitude] to [easting, northing]: for fixtures, demo data and benchmarks. */
export const lngLatToGrid = (lng: number, lat: number) =>
  converter.inverse([lng, lat]) as [number, number];

/** A grid reference as WGS84 degrees. */
export function gridToLatLng(easting: number, northing: number): { lat: number; lng: number } {
  const [lng, lat] = gridToLngLat(easting, northing);
  return { lat, lng };
}
