import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapPoint } from '../../../../server/marketplace/search/search-listings';
import { apiRequest } from '~/lib/api-client';

export type { MapPoint };

export interface MapPoints {
  points: MapPoint[];
  total: number;
  /** More matches than points: the map asks the visitor to zoom in or filter. */
  more: boolean;
  /** Where the search is measured from (a place, postcode or the visitor's location). */
  centre: { lat: number; lng: number; label: string } | null;
}

export interface MapSearch {
  channel: 'sale' | 'rent';
  placeSlug: string | null;
  /** The search page's URL query (filters); its page and view do not change the points. */
  search: string;
}

function mapQueryString({ channel, placeSlug, search }: MapSearch): string {
  const params = new URLSearchParams(search);
  params.set('channel', channel);
  if (placeSlug) params.set('place', placeSlug);
  params.delete('page');
  params.delete('view');
  return params.toString();
}

/** `GET /api/v1/search/map?channel=&place=&…filters`: every match as a point on the map. */
export function fetchMapPoints(query: string, signal?: AbortSignal): Promise<MapPoints> {
  return apiRequest<MapPoints>('GET', `/api/v1/search/map?${query}`, { signal });
}

export function mapPointsQuery(mapSearch: MapSearch) {
  const query = mapQueryString(mapSearch);
  return queryOptions({
    queryKey: ['search-map', query],
    queryFn: ({ signal }) => fetchMapPoints(query, signal),
  });
}

export function useMapPoints(mapSearch: MapSearch) {
  return useQuery(mapPointsQuery(mapSearch));
}
