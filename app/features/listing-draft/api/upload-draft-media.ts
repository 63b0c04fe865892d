import { mutationOptions, useMutation } from '@tanstack/react-query';
import { ApiFailure, failureFrom } from '~/lib/api-client';
import { draftMutationKey, type DraftMediaItem } from './draft-view';

export interface UploadDraftMedia {
  draftId: string;
  file: File;
  kind: 'photo' | 'floorplan';
  onProgress: (fraction: number) => void;
}

/**
 * `POST /api/v1/drafts/:id/media?kind=`: one file as raw bytes, with progress. XMLHttpRequest,
 * not `apiRequest`, because fetch cannot report upload progress.
 */
export function uploadDraftMedia({
  draftId,
  file,
  kind,
  onProgress,
}: UploadDraftMedia): Promise<DraftMediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/drafts/${draftId}/media?kind=${kind}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const fallback = request.status === 413 ? 'This file is too large.' : 'The upload failed.';
      if (request.status !== 201) {
        reject(failureFrom(request.status, request.responseText, fallback));
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as DraftMediaItem);
      } catch {
        reject(failureFrom(request.status, '', fallback));
      }
    };
    request.onerror = () => reject(new ApiFailure('The upload failed: check your connection.', 0));
    request.send(file);
  });
}

export const uploadDraftMediaOptions = () =>
  mutationOptions({ mutationKey: draftMutationKey('upload-media'), mutationFn: uploadDraftMedia });

export const useUploadDraftMedia = () => useMutation(uploadDraftMediaOptions());
