import type { LatLngExpression, Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { loadLeafletWithClusters } from '~/components/load-leaflet';
import { addOpenStreetMapTiles } from '~/components/map-tiles';
import { formatCount, formatPrice } from '@domain/format';
import { listingPath } from '@domain/listing/listing-url';
import { useMapPoints, type MapPoint } from './api/map-points';

type Vertex = { lat: number; lng: number };

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

/**
 * The map view: every match as a clustered marker (OpenStreetMap tiles through Leaflet), with
 * 'Search this area' after panning and 'Draw an area' to search inside a shape. Both simply
 * change the URL, so the list below, the back button and shared links stay in step.
 */
export function SearchMap({
  channel,
  placeSlug,
  search,
  polygon,
  onSearchArea,
}: {
  channel: 'sale' | 'rent';
  placeSlug: string | null;
  /** The current URL query (filters). */
  search: string;
  polygon: Vertex[] | undefined;
  onSearchArea: (vertices: Vertex[]) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [hasMoved, setHasMoved] = useState(false);
  const [isDrawing, setIsDrawing] = useState(false);
  const [vertices, setVertices] = useState<Vertex[]>([]);
  const [tilesFailed, setTilesFailed] = useState(false);

  const { data } = useMapPoints({ channel, placeSlug, search });

  // Create the map once.
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
  }, []);

  // Markers, the drawn area, and the view that fits them.
  useEffect(() => {
    const map = mapRef.current;
    if (!isReady || !map || !data) return;
    let layers: { remove(): void }[] = [];
    let isStale = false;
    void (async () => {
      const { default: leaflet } = await import('leaflet');
      // Newer results (or a new area) arrived while Leaflet loaded: theirs are drawn instead.
      if (isStale) return;
      const clusters = leaflet.markerClusterGroup({
        showCoverageOnHover: false,
        maxClusterRadius: 50,
      });
      for (const point of data.points) {
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
      clusters.addTo(map);
      layers.push(clusters);
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
      // Only the visitor's own panning offers 'Search this area', not our fitting.
      map.once('moveend', () => map.on('dragend zoomend', () => setHasMoved(true)));
    })();
    return () => {
      isStale = true;
      for (const layer of layers) layer.remove();
      layers = [];
      map.off('dragend zoomend');
    };
  }, [isReady, data, polygon]);

  // Drawing: each click adds a corner; the outline follows.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isDrawing) return;
    let outline: { remove(): void } | undefined;
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
  }, [isDrawing, vertices]);

  function searchThisArea() {
    const bounds = mapRef.current?.getBounds();
    if (!bounds) return;
    const [south, west, north, east] = [
      bounds.getSouth(),
      bounds.getWest(),
      bounds.getNorth(),
      bounds.getEast(),
    ];
    onSearchArea([
      { lat: south, lng: west },
      { lat: south, lng: east },
      { lat: north, lng: east },
      { lat: north, lng: west },
    ]);
  }

  return (
    <section className="search-map" aria-label="Map of the results">
      <div className="search-map__tools">
        {isDrawing ? (
          <>
            <span role="status">
              {vertices.length < 3
                ? `Click the map to mark the corners of your area (${vertices.length} so far, at least 3).`
                : `${vertices.length} corners marked.`}
            </span>
            <button
              type="button"
              className="button button--small"
              disabled={vertices.length < 3}
              onClick={() => {
                setIsDrawing(false);
                onSearchArea(vertices);
              }}
            >
              Search inside this area
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => {
                setIsDrawing(false);
                setVertices([]);
              }}
            >
              Cancel drawing
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={!isReady}
              onClick={() => {
                setVertices([]);
                setIsDrawing(true);
              }}
            >
              Draw an area
            </button>
            {hasMoved ? (
              <button type="button" className="button button--small" onClick={searchThisArea}>
                Search this area
              </button>
            ) : null}
          </>
        )}
        {data ? (
          <span className="search-map__count">
            {data.more
              ? `Showing the newest ${formatCount(data.points.length)} homes on the map: zoom in or add filters to see the rest`
              : `${formatCount(data.total)} homes on the map`}
          </span>
        ) : null}
      </div>
      <div ref={containerRef} className="search-map__canvas" data-ready={isReady} />
      {tilesFailed ? (
        <p className="hint" role="status">
          Map pictures could not be loaded just now; the markers and the list below still work.
        </p>
      ) : null}
      <noscript>
        <p>The map needs JavaScript. The list below shows the same homes.</p>
      </noscript>
    </section>
  );
}
