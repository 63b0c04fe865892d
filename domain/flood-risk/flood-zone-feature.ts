import { zoneFromCode } from './flood-zones.ts';

/** A ring of [longitude, latitude] positions, first and last the same. */
export type Ring = [number, number][];
/** One polygon: its outer ring, then any holes. */
export type PolygonRings = Ring[];

/** The coordinate reference systems a flood zones export may be in. */
export type FloodZonesCrs = 'british-national-grid' | 'wgs84';

/** Converts a position in the file's coordinate system to [longitude, latitude]. */
export type ToLngLat = (x: number, y: number) => [number, number];

export type FloodZoneFeature =
  | {
      ok: true;
      zone: 2 | 3;
      /** The publisher's feature identifier (OBJECTID) where the file carries one. */
      featureId: string | null;
      /** `flood_source` and `origin` as given, kept for reference. */
      floodSource: string | null;
      origin: string | null;
      polygons: PolygonRings[];
    }
  | { ok: false; reason: string };

// The extent the Environment Agency declares for the layer (longitude, latitude), with a margin:
// a position outside it means the file is in another coordinate system than the one assumed.
const ENGLAND_EXTENT = { west: -7.1, south: 49.8, east: 2.2, north: 55.9 };

/**
 * The coordinate system a GeoJSON `crs` member names: British National Grid (EPSG:27700, as
 * GDAL writes `urn:ogc:def:crs:EPSG::27700`) or WGS84 (CRS84 or EPSG:4326, and the default of
 * RFC 7946 when there is no member); `undefined` for any other.
 */
export function crsOfMember(crs: unknown): FloodZonesCrs | undefined {
  if (crs === undefined || crs === null) return 'wgs84';
  const name = (crs as { properties?: { name?: unknown } }).properties?.name;
  if (typeof name !== 'string') return undefined;
  if (/EPSG\D*27700$/i.test(name)) return 'british-national-grid';
  if (/CRS84$/i.test(name) || /EPSG\D*4326$/i.test(name)) return 'wgs84';
  return undefined;
}

/**
 * The coordinate system a shapefile's `.prj` (ESRI WKT) names: British National Grid (its
 * 'British_National_Grid' or OSGB 1936 projection) or plain WGS84 longitude/latitude.
 */
export function crsOfPrj(wkt: string): FloodZonesCrs | undefined {
  if (/British_National_Grid|OSGB[ _]?1936|OSGB36|27700/i.test(wkt)) return 'british-national-grid';
  if (/^\s*GEOGCS\[[^\]]*WGS[ _]?(19)?84/i.test(wkt)) return 'wgs84';
  return undefined;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim()
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

function ringOf(raw: unknown, toLngLat: ToLngLat): Ring | string {
  if (!Array.isArray(raw) || raw.length < 4) return 'a ring with fewer than four positions';
  const ring: Ring = [];
  for (const position of raw) {
    const [x, y] = Array.isArray(position) ? (position as unknown[]) : [];
    if (
      typeof x !== 'number' ||
      typeof y !== 'number' ||
      !Number.isFinite(x) ||
      !Number.isFinite(y)
    )
      return 'a position that is not a pair of numbers';
    const [lng, lat] = toLngLat(x, y);
    const { west, south, east, north } = ENGLAND_EXTENT;
    if (!(lng >= west && lng <= east && lat >= south && lat <= north))
      return 'a position outside England (is the file in the coordinate system it declares?)';
    ring.push([lng, lat]);
  }
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) return 'a ring that is not closed';
  return ring;
}

/**
 * One feature of the Flood Map for Planning's flood zones layer, checked and converted: its zone
 * from `flood_zone` ('FZ2' or 'FZ3'), and its Polygon or MultiPolygon as polygons of
 * longitude/latitude rings, holes kept. Anything unusable gives the reason instead.
 */
export function parseFloodZoneFeature(raw: unknown, toLngLat: ToLngLat): FloodZoneFeature {
  const feature = raw as {
    id?: unknown;
    properties?: Record<string, unknown> | null;
    geometry?: { type?: unknown; coordinates?: unknown } | null;
  };
  const properties = feature?.properties ?? {};
  const zone = zoneFromCode(properties.flood_zone);
  if (!zone)
    return {
      ok: false,
      reason: `flood_zone is ${JSON.stringify(properties.flood_zone ?? null)}, not FZ2 or FZ3`,
    };
  const geometry = feature.geometry;
  const parts =
    geometry?.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)
        ? (geometry.coordinates as unknown[])
        : undefined;
  if (!parts || !Array.isArray(parts[0]))
    return {
      ok: false,
      reason: `geometry is ${geometry ? String(geometry.type) : 'missing'}, not a Polygon or MultiPolygon`,
    };
  const polygons: PolygonRings[] = [];
  for (const part of parts) {
    if (!Array.isArray(part) || part.length === 0)
      return { ok: false, reason: 'a polygon without rings' };
    const rings: Ring[] = [];
    for (const rawRing of part) {
      const ring = ringOf(rawRing, toLngLat);
      if (typeof ring === 'string') return { ok: false, reason: ring };
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return {
    ok: true,
    zone,
    featureId: text(properties.OBJECTID ?? properties.objectid ?? feature.id),
    // A shapefile's field names stop at ten characters: 'flood_sour'.
    floodSource: text(properties.flood_source ?? properties.flood_sour),
    origin: text(properties.origin),
    polygons,
  };
}
