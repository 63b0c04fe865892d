import { useState } from 'react';
import type { DraftMediaItem } from '../api/draft-view';
import { useUploadDraftMedia } from '../api/upload-draft-media';
import type { Upload } from './upload-list';

const MEGABYTE = 1_048_576;
let uploadSequence = 0;

/**
 * Uploads several files at once, each with its own progress; a file over the size limit is
 * refused here, before any byte is sent.
 */
export function useUploads({
  kind,
  maxBytes,
  onUploaded,
}: {
  kind: 'photo' | 'floorplan';
  maxBytes: number;
  /** `batch` holds, by selection index, the keys of the files of its batch finished so far. */
  onUploaded: (item: DraftMediaItem, batch: readonly (string | undefined)[], index: number) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const upload = useUploadDraftMedia();

  const update = (id: number, patch: Partial<Upload>) =>
    setUploads((current) =>
      current.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)),
    );
  const dismiss = (id: number) =>
    setUploads((current) => current.filter((entry) => entry.id !== id));

  async function uploadOne(
    draftId: string,
    file: File,
    batch: (string | undefined)[],
    index: number,
  ): Promise<DraftMediaItem | undefined> {
    uploadSequence += 1;
    const id = uploadSequence;
    setUploads((current) => [...current, { id, name: file.name, progress: 0 }]);
    if (file.size > maxBytes) {
      update(id, {
        error: `${file.name} is ${(file.size / MEGABYTE).toFixed(1)} MB; the limit is ${Math.round(maxBytes / MEGABYTE)} MB.`,
      });
      return undefined;
    }
    try {
      const item = await upload.mutateAsync({
        draftId,
        file,
        kind,
        onProgress: (progress) => update(id, { progress }),
      });
      dismiss(id);
      batch[index] = item.key;
      onUploaded(item, batch, index);
      return item;
    } catch (error) {
      update(id, { error: `${file.name}: ${error instanceof Error ? error.message : 'failed'}` });
      return undefined;
    }
  }

  return {
    uploads,
    /** Uploads still going (a refused one no longer takes a place). */
    pending: uploads.filter((entry) => !entry.error).length,
    /** Uploads the files at once; resolves to what was stored, in the order chosen. */
    uploadAll: (draftId: string, files: File[]) => {
      const batch: (string | undefined)[] = files.map(() => undefined);
      return Promise.all(files.map((file, index) => uploadOne(draftId, file, batch, index)));
    },
    dismiss,
  };
}

export const megabytes = (bytes: number) => Math.round(bytes / MEGABYTE);
