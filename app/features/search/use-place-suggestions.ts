import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export interface PlaceSuggestion {
  name: string;
  /** Null for a postcode, which is searched as typed. */
  slug: string | null;
  nation: string | null;
}

export async function getPlaceSuggestions(
  text: string,
  signal?: AbortSignal,
): Promise<PlaceSuggestion[]> {
  const response = await fetch(`/api/v1/places?q=${encodeURIComponent(text)}`, { signal });
  if (!response.ok) throw new Error(`Place suggestions failed with ${response.status}`);
  return ((await response.json()) as { places: PlaceSuggestion[] }).places;
}

/** Suggestions for what has been typed, asked for once typing pauses (debounced). */
export function usePlaceSuggestions(text: string, delayMs = 250) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return useQuery({
    queryKey: ['place-suggestions', settled.toLowerCase()],
    queryFn: ({ signal }) => getPlaceSuggestions(settled, signal),
    enabled: settled.length >= 2,
  });
}
