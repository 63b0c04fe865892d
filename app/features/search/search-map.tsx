import { useCallback, useRef, useState } from 'react';
import { formatCount } from '@domain/format';
import { useMapPoints, type MapPoints } from './api/map-points';
import {
  useDrawing,
  useLeafletMap,
  useResultLayers,
  viewCorners,
  type Vertex,
} from './search-map-layers';

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
  const [hasMoved, setHasMoved] = useState(false);
  const [isDrawing, setIsDrawing] = useState(false);
  const [vertices, setVertices] = useState<Vertex[]>([]);
  const { data } = useMapPoints({ channel, placeSlug, search });
  const { mapRef, isReady, tilesFailed } = useLeafletMap(containerRef);
  const onMoved = useCallback(() => setHasMoved(true), []);
  useResultLayers(mapRef, isReady, data, polygon, onMoved);
  useDrawing(mapRef, isDrawing, vertices, setVertices);

  function searchThisArea() {
    const corners = viewCorners(mapRef.current);
    if (corners) onSearchArea(corners);
  }

  return (
    <section className="search-map" aria-label="Map of the results">
      <div className="search-map__tools">
        <MapTools
          isReady={isReady}
          isDrawing={isDrawing}
          vertices={vertices}
          hasMoved={hasMoved}
          onStartDrawing={() => {
            setVertices([]);
            setIsDrawing(true);
          }}
          onSearchDrawn={() => {
            setIsDrawing(false);
            onSearchArea(vertices);
          }}
          onCancelDrawing={() => {
            setIsDrawing(false);
            setVertices([]);
          }}
          onSearchThisArea={searchThisArea}
        />
        <MapCount data={data} />
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

/** Drawing an area, or 'Draw an area' and (after panning) 'Search this area'. */
function MapTools({
  isReady,
  isDrawing,
  vertices,
  hasMoved,
  onStartDrawing,
  onSearchDrawn,
  onCancelDrawing,
  onSearchThisArea,
}: {
  isReady: boolean;
  isDrawing: boolean;
  vertices: Vertex[];
  hasMoved: boolean;
  onStartDrawing: () => void;
  onSearchDrawn: () => void;
  onCancelDrawing: () => void;
  onSearchThisArea: () => void;
}) {
  return isDrawing ? (
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
        onClick={onSearchDrawn}
      >
        Search inside this area
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={onCancelDrawing}
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
        onClick={onStartDrawing}
      >
        Draw an area
      </button>
      {hasMoved ? (
        <button type="button" className="button button--small" onClick={onSearchThisArea}>
          Search this area
        </button>
      ) : null}
    </>
  );
}

function MapCount({ data }: { data: MapPoints | undefined }) {
  if (!data) return null;
  return (
    <span className="search-map__count">
      {data.more
        ? `Showing the newest ${formatCount(data.points.length)} homes on the map: zoom in or add filters to see the rest`
        : `${formatCount(data.total)} homes on the map`}
    </span>
  );
}
