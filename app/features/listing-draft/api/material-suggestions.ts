import { skipToken, useQuery } from '@tanstack/react-query';
import type { MaterialSuggestion } from '@domain/listing/material-sources';
import { apiRequest } from '~/lib/api-client';

/**
 * `GET /api/v1/drafts/:id/material-suggestions`: what open data says about the draft home's
 * flood risk and broadband. Keyed by postcode too, so a changed postcode asks again.
 */
export const useMaterialSuggestions = (draftId: string | null, postcode: string | undefined) =>
  useQuery({
    queryKey: ['drafts', draftId ?? '', 'material-suggestions', postcode ?? ''] as const,
    queryFn:
      draftId && postcode
        ? ({ signal }) =>
            apiRequest<{ suggestions: MaterialSuggestion[] }>(
              'GET',
              `/api/v1/drafts/${encodeURIComponent(draftId)}/material-suggestions`,
              { signal },
            ).then((body) => body.suggestions)
        : skipToken,
    staleTime: Infinity,
  });
