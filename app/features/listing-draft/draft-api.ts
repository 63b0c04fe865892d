import { ApiFailure, apiRequest } from '~/lib/api-client';

export { ApiFailure };

/** The wizard's calls to `/api/v1/drafts` (same origin: the sign-in cookie goes with them). */
export interface DraftMediaItem {
  key: string;
  kind: 'photo' | 'floorplan';
  width: number;
  height: number;
  caption: string;
}

export interface DraftView {
  id: string;
  listingId: number | null;
  step: number;
  data: Record<string, unknown>;
  media: DraftMediaItem[];
  isOwned: boolean;
}

const call = <T>(method: 'POST' | 'PUT', url: string, body?: unknown) =>
  apiRequest<T>(method, url, { body });

export const draftApi = {
  start: () => call<DraftView>('POST', '/api/v1/drafts'),
  saveStep: (id: string, step: number, fields: Record<string, unknown>, nextStep: number) =>
    call<DraftView>('PUT', `/api/v1/drafts/${id}/steps/${step}`, { fields, nextStep }),
  arrange: (id: string, items: DraftMediaItem[]) =>
    call<{ media: DraftMediaItem[] }>('PUT', `/api/v1/drafts/${id}/media`, { items }),
  publish: (id: string) =>
    call<{
      id: number;
      listing: {
        id: number;
        bedrooms: number;
        propertyType: string;
        channel: 'sale' | 'rent';
        town: string;
      };
    }>('POST', `/api/v1/drafts/${id}/publish`),
};

/** One upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadMedia(
  draftId: string,
  file: File,
  kind: 'photo' | 'floorplan',
  onProgress: (fraction: number) => void,
): Promise<DraftMediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/drafts/${draftId}/media?kind=${kind}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { error?: { message?: string } } & Partial<DraftMediaItem> = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: fall through to the status message below.
      }
      if (request.status === 201) resolve(body as DraftMediaItem);
      else
        reject(
          new ApiFailure(
            body.error?.message ??
              (request.status === 413 ? 'This file is too large.' : 'The upload failed.'),
            request.status,
          ),
        );
    };
    request.onerror = () => reject(new ApiFailure('The upload failed: check your connection.', 0));
    request.send(file);
  });
}
