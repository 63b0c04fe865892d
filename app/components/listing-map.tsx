import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { loadLeaflet } from './load-leaflet';
import { addOpenStreetMapTiles } from './map-tiles';
import { useNearViewport } from './use-near-viewport';

/**
 * Where the home is, on OpenStreetMap tiles through Leaflet (loaded in the browser only, once
 * the visitor scrolls near the map: drawing it took a 50–60 ms task on a first load). The page
 * never depends on it: without JavaScript, or when tiles fail, the text and the link to
 * OpenStreetMap remain.
 */
export function ListingMap({
  lat,
  lng,
  isApproximate,
  label,
}: {
  lat: number;
  lng: number;
  isApproximate: boolean;
  label: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'ready' | 'tiles-failed' | 'failed'>('idle');
  const isNear = useNearViewport(containerRef);
  useEffect(() => {
    if (!isNear) return;
    let map: LeafletMap | undefined;
    let isCancelled = false;
    void loadLeaflet()
      .then((leaflet) => {
        if (isCancelled || !containerRef.current) return;
        map = leaflet.map(containerRef.current, { scrollWheelZoom: false }).setView([lat, lng], 15);
        addOpenStreetMapTiles(leaflet, map, () => setState('tiles-failed'));
        if (isApproximate) {
          leaflet.circle([lat, lng], { radius: 150, color: '#0b6e4f' }).addTo(map);
        } else {
          leaflet
            .circleMarker([lat, lng], { radius: 9, color: '#0b6e4f', fillOpacity: 0.8 })
            .addTo(map);
        }
        setState('ready');
      })
      .catch(() => setState('failed'));
    return () => {
      isCancelled = true;
      map?.remove();
    };
  }, [isNear, lat, lng, isApproximate]);
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
  return (
    <section aria-labelledby="location-heading" className="listing-map">
      <h2 id="location-heading">Location</h2>
      <p>
        {label}
        {isApproximate ? ' (approximate: the exact address is shared by the lister)' : ''}.{' '}
        <a href={osm} rel="noopener noreferrer" target="_blank">
          Open in OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      {state === 'tiles-failed' || state === 'failed' ? (
        <p className="hint" role="status">
          The map could not be loaded just now; the link above still works.
        </p>
      ) : null}
      <div
        ref={containerRef}
        className="listing-map__canvas"
        role="region"
        aria-label={`Map of ${label}`}
        data-state={state}
      />
    </section>
  );
}
