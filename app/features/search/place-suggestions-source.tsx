import { useEffect } from 'react';
import { usePlaceSuggestions, type PlaceSuggestion } from './api/places';

/**
 * The location box's suggestions, reported to it: a chunk of its own, loaded when a visitor first
 * types, so pages with the box do not load TanStack Query's `useQuery` before anyone does.
 */
export default function PlaceSuggestionsSource({
  text,
  onSuggestions,
}: {
  text: string;
  onSuggestions: (suggestions: PlaceSuggestion[]) => void;
}) {
  const { data } = usePlaceSuggestions(text);
  useEffect(() => onSuggestions(data ?? []), [data, onSuggestions]);
  return null;
}
