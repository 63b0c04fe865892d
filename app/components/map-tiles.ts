import type * as Leaflet from 'leaflet';

/** Tile failures before the map says its pictures could not be loaded (one can be a blip). */
const FAILURES_BEFORE_NOTICE = 3;

/**
 * OpenStreetMap's tiles on a Leaflet map, with the attribution their licence asks for.
 * `onFailed` runs once several tiles have failed (the service down or blocked), so the page can
 * say the map pictures are missing while everything else still works.
 */
export function addOpenStreetMapTiles(
  leaflet: typeof Leaflet,
  map: Leaflet.Map,
  onFailed: () => void,
) {
  let failures = 0;
  leaflet
    .tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 19,
      attribution:
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    })
    .on('tileerror', () => {
      failures += 1;
      if (failures >= FAILURES_BEFORE_NOTICE) onFailed();
    })
    .addTo(map);
}
