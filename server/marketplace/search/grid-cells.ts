/**
 * A coarse grid over the UK (a quarter of a degree of latitude by 0.4° of longitude, about 17
 * miles square), stored with each row of the search table. Sorting a wide area by price reads
 * the cheapest (or dearest) few of each cell the area touches from the cell's own price index,
 * instead of every home in the area: see `searchListings`. Must match `market.grid_cell` (SQL).
 */
const LAT_CELLS_PER_DEGREE = 4;
const LNG_CELLS_PER_DEGREE = 2.5;
const METRES_PER_DEGREE_LAT = 111_132;

export function gridCell(lat: number, lng: number): number {
  return (
    Math.floor(lat * LAT_CELLS_PER_DEGREE) * 1000 + Math.floor(lng * LNG_CELLS_PER_DEGREE) + 500
  );
}

export interface Bounds {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** A circle's bounds, a little generous (1 %) so no cell at its edge is missed. */
export function boundsAround(centre: { lat: number; lng: number }, metres: number): Bounds {
  const dLat = (metres * 1.01) / METRES_PER_DEGREE_LAT;
  const farthestLat = Math.min(89, Math.abs(centre.lat) + dLat);
  const dLng = (metres * 1.01) / (METRES_PER_DEGREE_LAT * Math.cos((farthestLat * Math.PI) / 180));
  return {
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
    minLng: centre.lng - dLng,
    maxLng: centre.lng + dLng,
  };
}

export function boundsOf(points: { lat: number; lng: number }[]): Bounds {
  return {
    minLat: Math.min(...points.map((p) => p.lat)),
    maxLat: Math.max(...points.map((p) => p.lat)),
    minLng: Math.min(...points.map((p) => p.lng)),
    maxLng: Math.max(...points.map((p) => p.lng)),
  };
}

/**
 * Every cell the bounds touch; with `circle`, only those that reach into it (a circle's
 * bounding box has corners its circle never does).
 */
export function cellsCovering(
  bounds: Bounds,
  circle?: { centre: { lat: number; lng: number }; metres: number },
): number[] {
  const cells: number[] = [];
  const latFrom = Math.floor(bounds.minLat * LAT_CELLS_PER_DEGREE);
  const latTo = Math.floor(bounds.maxLat * LAT_CELLS_PER_DEGREE);
  const lngFrom = Math.floor(bounds.minLng * LNG_CELLS_PER_DEGREE);
  const lngTo = Math.floor(bounds.maxLng * LNG_CELLS_PER_DEGREE);
  for (let lat = latFrom; lat <= latTo; lat += 1) {
    for (let lng = lngFrom; lng <= lngTo; lng += 1) {
      if (circle) {
        // The cell's point nearest the centre (the centre clamped into the cell).
        const nearest = {
          lat: clamp(
            circle.centre.lat,
            lat / LAT_CELLS_PER_DEGREE,
            (lat + 1) / LAT_CELLS_PER_DEGREE,
          ),
          lng: clamp(
            circle.centre.lng,
            lng / LNG_CELLS_PER_DEGREE,
            (lng + 1) / LNG_CELLS_PER_DEGREE,
          ),
        };
        if (haversineMetres(circle.centre, nearest) > circle.metres * 1.01) continue;
      }
      cells.push(lat * 1000 + lng + 500);
    }
  }
  return cells;
}

function clamp(value: number, min: number, max: number) {
  return Math.min(Math.max(value, min), max);
}

/** Great-circle distance on the sphere `earthdistance` uses. */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(toRad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(toRad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_378_168 * Math.asin(Math.sqrt(h));
}
