import type * as LeafletModule from 'leaflet';
import type { LatLngExpression, Map as LeafletMap } from 'leaflet';
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { loadLeafletWithClusters } from '~/components/load-leaflet';
import { addOpenStreetMapTiles } from '~/components/map-tiles';
import { formatPrice } from '@domain/format';
import { listingPath } from '@domain/listing/listing-url';
import type { MapPoint, MapPoints } from './api/map-points';

/** The Leaflet side of the search map: the map itself, its markers and the area being drawn. */

export type Vertex = { lat: number; lng: number };
type Leaflet = typeof LeafletModule;
type Layer = { remove(): void };

const UK_CENTRE: LatLngExpression = [54.5, -3.2];

function shortPrice(point: MapPoint): string {
  if (point.channel === 'rent') return formatPrice(point).replace(' pcm', '').replace(' pw', '/wk');
  return point.price >= 1_000_000
    ? `£${(point.price / 1_000_000).toFixed(1)}m`
    : `£${Math.round(point.price / 1000)}k`;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Creates the map once in `containerRef`; `isReady` once it is there. */
export function useLeafletMap(containerRef: RefObject<HTMLDivElement | null>) {
  const mapRef = useRef<LeafletMap | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => {
    let isCancelled = false;
    void (async () => {
      const leaflet = await loadLeafletWithClusters();
      if (isCancelled || !containerRef.current) return;
      const map = leaflet
        // Quarter zoom steps, so a drawn area or the results fill the map rather than stopping at
        // the whole step that first fits (up to half the map's width or height left empty).
        .map(containerRef.current, { scrollWheelZoom: false, zoomSnap: 0.25 })
        .setView(UK_CENTRE, 6);
      addOpenStreetMapTiles(leaflet, map, () => setTilesFailed(true));
      mapRef.current = map;
      setIsReady(true);
    })();
    return () => {
      isCancelled = true;
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [containerRef]);
  return { mapRef, isReady, tilesFailed };
}

/** Every match as a price marker, clustered. */
function resultMarkers(leaflet: Leaflet, points: MapPoint[]) {
  const clusters = leaflet.markerClusterGroup({
    showCoverageOnHover: false,
    maxClusterRadius: 50,
  });
  for (const point of points) {
    const marker = leaflet.marker([point.lat, point.lng], {
      icon: leaflet.divIcon({
        className: 'price-marker',
        html: shortPrice(point),
        iconSize: undefined,
      }),
      title: `${formatPrice(point)}: ${point.title}`,
      keyboard: true,
    });
    marker.bindPopup(
      `<a href="${listingPath(point)}"><strong>${escapeText(formatPrice(point))}</strong><br>${escapeText(point.title)}, ${escapeText(point.town)}</a>`,
    );
    clusters.addLayer(marker);
  }
  return clusters;
}

/** Draws the results (and the search's centre or area) and fits the view to them. */
function drawResults(
  leaflet: Leaflet,
  map: LeafletMap,
  data: MapPoints,
  polygon: Vertex[] | undefined,
): Layer[] {
  const layers: Layer[] = [resultMarkers(leaflet, data.points).addTo(map)];
  const { centre } = data;
  if (centre && !polygon) {
    // The point distances are measured from (a postcode: as it was placed), not a home.
    const pin = leaflet
      .marker([centre.lat, centre.lng], {
        icon: leaflet.divIcon({ className: 'search-centre', iconSize: [14, 14] }),
        title: `${centre.label}: the centre of this search`,
        interactive: false,
        keyboard: false,
      })
      .addTo(map);
    layers.push(pin);
  }
  if (polygon) {
    const shape = leaflet
      .polygon(
        polygon.map((v) => [v.lat, v.lng] as [number, number]),
        { color: '#0f5c4d', fillOpacity: 0.08 },
      )
      .addTo(map);
    layers.push(shape);
    // Without animation: a zoom animation left unfinished (a hidden or busy tab) would leave
    // the view, and the shape drawn in it, where the visitor drew it.
    map.fitBounds(shape.getBounds(), { padding: [20, 20], animate: false });
  } else if (data.points.length > 0) {
    const corners = data.points.map((p) => [p.lat, p.lng] as [number, number]);
    if (centre) corners.push([centre.lat, centre.lng]);
    map.fitBounds(leaflet.latLngBounds(corners), {
      padding: [30, 30],
      maxZoom: 14,
      animate: false,
    });
  } else if (centre) {
    map.setView([centre.lat, centre.lng], 14);
  }
  return layers;
}

/**
 * Markers, the drawn area, and the view that fits them; `onMoved` when the visitor pans (keep
 * it stable: a new one redraws the results).
 */
export function useResultLayers(
  mapRef: RefObject<LeafletMap | null>,
  isReady: boolean,
  data: MapPoints | undefined,
  polygon: Vertex[] | undefined,
  onMoved: () => void,
) {
  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map || !data) return;
    let layers: Layer[] = [];
    let isStale = false;
    void (async () => {
      const { default: leaflet } = await import('leaflet');
      // Newer results (or a new area) arrived while Leaflet loaded: theirs are drawn instead.
      if (isStale) return;
      layers = drawResults(leaflet, map, data, polygon);
      // Only the visitor's own panning offers 'Search this area', not our fitting.
      map.once('moveend', () => map.on('dragend zoomend', onMoved));
    })();
    return () => {
      isStale = true;
      for (const layer of layers) layer.remove();
      layers = [];
      map.off('dragend zoomend');
    };
  }, [mapRef, isReady, data, polygon, onMoved]);
}

/** Drawing: each click adds a corner; the outline follows. */
export function useDrawing(
  mapRef: RefObject<LeafletMap | null>,
  isDrawing: boolean,
  vertices: Vertex[],
  setVertices: Dispatch<SetStateAction<Vertex[]>>,
) {
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isDrawing) return;
    let outline: Layer | undefined;
    let isStale = false;
    const onClick = (event: { latlng: { lat: number; lng: number } }) =>
      setVertices((current) => [...current, { lat: event.latlng.lat, lng: event.latlng.lng }]);
    map.on('click', onClick);
    map.getContainer().classList.add('is-drawing');
    void import('leaflet').then(({ default: leaflet }) => {
      // Drawn only if still current: an outline added after its clean-up would stay for good.
      if (!isStale && vertices.length > 0) {
        outline = leaflet
          .polyline(
            vertices.map((v) => [v.lat, v.lng] as [number, number]),
            { color: '#b26b00', dashArray: '6 6' },
          )
          .addTo(map);
      }
    });
    return () => {
      isStale = true;
      map.off('click', onClick);
      map.getContainer().classList.remove('is-drawing');
      outline?.remove();
    };
  }, [mapRef, isDrawing, vertices, setVertices]);
}

/** The map's current view as four corners, for 'Search this area'. */
export function viewCorners(map: LeafletMap | null): Vertex[] | undefined {
  const bounds = map?.getBounds();
  if (!bounds) return undefined;
  const [south, west, north, east] = [
    bounds.getSouth(),
    bounds.getWest(),
    bounds.getNorth(),
    bounds.getEast(),
  ];
  return [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: east },
    { lat: north, lng: west },
  ];
}
