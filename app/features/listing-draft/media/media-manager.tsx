import { useState } from 'react';
import { buttonClass } from '~/components/ui/button';
import type { DraftMediaItem } from '../api/draft-view';
import { MediaItem } from './media-item';
import { UploadList } from './upload-list';
import { useMediaArrangement } from './use-media-arrangement';
import { megabytes, useUploads } from './use-uploads';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

/**
 * Photos or floorplans of a draft: several uploads at once, each with its own progress bar;
 * drag to reorder (or the move buttons, for keyboards); the first photo is the cover.
 */
export function MediaManager({
  draftId,
  ensureDraft,
  kind,
  items,
  onChange,
  maxItems,
  maxBytes,
}: {
  draftId: string | null;
  ensureDraft: () => Promise<string>;
  kind: 'photo' | 'floorplan';
  /** Every media item of the draft (photos and floorplans): order is saved as one list. */
  items: DraftMediaItem[];
  onChange: (items: DraftMediaItem[]) => void;
  maxItems: number;
  maxBytes: number;
}) {
  const { message, setMessage, reorderOwn, saveOrder, placeUploaded } = useMediaArrangement({
    draftId,
    kind,
    items,
    onChange,
  });
  const { uploads, pending, uploadAll, dismiss } = useUploads({
    kind,
    maxBytes,
    onUploaded: (item, batch, index) => placeUploaded(batch, index, item),
  });
  const own = items.filter((item) => item.kind === kind);
  const noun = kind;

  async function addFiles(files: FileList | File[]) {
    const list = [...files];
    const room = maxItems - own.length - pending;
    if (list.length > room) {
      setMessage(`You can add ${Math.max(0, room)} more ${noun}s (at most ${maxItems}).`);
    }
    const id = await ensureDraft();
    const stored = await uploadAll(id, list.slice(0, Math.max(0, room)));
    // The server appends each file as it finishes: save the order chosen once the batch is in.
    if (stored.filter(Boolean).length > 1) await saveOrder(id);
  }

  return (
    <div className="media-manager">
      <MediaDropZone
        kind={kind}
        maxBytes={maxBytes}
        maxItems={maxItems}
        onFiles={(files) => void addFiles(files)}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
      <UploadList uploads={uploads} noun={noun} onDismiss={dismiss} />
      {message && !uploads.some((upload) => upload.error) ? (
        <p className="hint">{message}</p>
      ) : null}
      <MediaItems own={own} noun={noun} reorderOwn={reorderOwn} />
    </div>
  );
}

/** The file picker, which also takes files dropped on it. */
function MediaDropZone({
  kind,
  maxBytes,
  maxItems,
  onFiles,
}: {
  kind: 'photo' | 'floorplan';
  maxBytes: number;
  maxItems: number;
  onFiles: (files: FileList) => void;
}) {
  return (
    <div
      className="media-manager__drop"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        if (event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
      }}
    >
      <label htmlFor={`upload-${kind}`} className={buttonClass({ variant: 'secondary' })}>
        Add {kind}s
      </label>
      <input
        id={`upload-${kind}`}
        className="visually-hidden"
        type="file"
        accept={ACCEPT}
        multiple
        onChange={(event) => {
          if (event.target.files) onFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <span className="hint">
        or drop files here. JPEG, PNG, WebP, AVIF or HEIC, up to {megabytes(maxBytes)} MB each, at
        most {maxItems}.
      </span>
    </div>
  );
}

/** The items in order: drag one onto another to move it there, or use its buttons. */
function MediaItems({
  own,
  noun,
  reorderOwn,
}: {
  own: DraftMediaItem[];
  noun: 'photo' | 'floorplan';
  reorderOwn: (nextOwn: DraftMediaItem[], remove?: DraftMediaItem[], done?: string) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const Noun = noun === 'photo' ? 'Photo' : 'Floorplan';

  function move(from: number, to: number) {
    if (to < 0 || to >= own.length || from === to) return;
    const next = [...own];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    reorderOwn(next, [], `${Noun} moved to position ${to + 1} of ${own.length}.`);
  }

  return (
    <ol className="media-manager__items">
      {own.map((item, index) => (
        <MediaItem
          key={item.key}
          item={item}
          index={index}
          count={own.length}
          noun={noun}
          onMove={move}
          onCaption={(caption) =>
            reorderOwn(
              own.map((entry) => (entry.key === item.key ? { ...entry, caption } : entry)),
              [],
              'Caption saved.',
            )
          }
          onRemove={() =>
            reorderOwn(
              own.filter((entry) => entry.key !== item.key),
              [item],
              `${Noun} ${index + 1} removed.`,
            )
          }
          onDragStart={() => setDragged(index)}
          onDropOn={() => {
            if (dragged !== null) move(dragged, index);
            setDragged(null);
          }}
        />
      ))}
    </ol>
  );
}
