import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '~/lib/api-client';

export interface PlaceSuggestion {
  name: string;
  /** Null for a postcode, which is searched as typed. */
  slug: string | null;
  nation: string | null;
}

/** `GET /api/v1/places?q=`: gazetteer places like `text` (and a full postcode, as typed). */
export async function fetchPlaceSuggestions(
  text: string,
  signal?: AbortSignal,
): Promise<PlaceSuggestion[]> {
  const url = `/api/v1/places?q=${encodeURIComponent(text)}`;
  return (await apiRequest<{ places: PlaceSuggestion[] }>('GET', url, { signal })).places;
}

/** Asked for from two characters on; the same text in any case shares one cache entry. */
export function placeSuggestionsQuery(text: string) {
  return queryOptions({
    queryKey: ['places', text.toLowerCase()],
    queryFn: ({ signal }) => fetchPlaceSuggestions(text, signal),
    enabled: text.length >= 2,
  });
}

/** Suggestions for what has been typed, asked for once typing pauses (debounced). */
export function usePlaceSuggestions(text: string, delayMs = 250) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return useQuery(placeSuggestionsQuery(settled));
}
