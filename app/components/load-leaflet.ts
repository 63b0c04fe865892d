import type * as Leaflet from 'leaflet';

/**
 * Leaflet and its stylesheet, fetched together when a map is first drawn: pages link no map
 * styles, so a page whose map is off (the search list) or further down (a property) never waits
 * for them before it can paint (docs/performance.md).
 */
export async function loadLeaflet(): Promise<typeof Leaflet> {
  const [{ default: leaflet }] = await Promise.all([
    import('leaflet'),
    import('leaflet/dist/leaflet.css'),
  ]);
  return leaflet;
}

/** Leaflet with the marker-cluster plugin (which extends the global `L`) and its styles. */
export async function loadLeafletWithClusters(): Promise<typeof Leaflet> {
  const leaflet = await loadLeaflet();
  (window as unknown as { L: typeof leaflet }).L = leaflet;
  await Promise.all([
    import('leaflet.markercluster'),
    import('leaflet.markercluster/dist/MarkerCluster.css'),
    import('leaflet.markercluster/dist/MarkerCluster.Default.css'),
  ]);
  return leaflet;
}
