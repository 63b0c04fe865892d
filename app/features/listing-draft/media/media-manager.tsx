import { useEffect, useRef, useState, type DragEvent } from 'react';
import { imageUrl } from '@domain/images';
import { draftApi, uploadMedia, type DraftMediaItem } from './draft-api';

interface Upload {
  id: number;
  name: string;
  progress: number;
  error?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

let uploadSequence = 0;

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
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [message, setMessage] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  const own = items.filter((item) => item.kind === kind);
  const noun = kind === 'photo' ? 'photo' : 'floorplan';

  async function save(next: DraftMediaItem[]) {
    onChange(next);
    if (!draftId) return;
    try {
      const { media } = await draftApi.arrange(draftId, next);
      onChange(media);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Could not save the order.');
    }
  }

  function reorderOwn(nextOwn: DraftMediaItem[]) {
    const others = latest.current.filter((item) => item.kind !== kind);
    void save(kind === 'photo' ? [...nextOwn, ...others] : [...others, ...nextOwn]);
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= own.length || from === to) return;
    const next = [...own];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    reorderOwn(next);
    setMessage(
      `${noun === 'photo' ? 'Photo' : 'Floorplan'} moved to position ${to + 1} of ${own.length}.`,
    );
  }

  async function addFiles(files: FileList | File[]) {
    const list = [...files];
    const room = maxItems - own.length - uploads.filter((upload) => !upload.error).length;
    if (list.length > room) {
      setMessage(`You can add ${Math.max(0, room)} more ${noun}s (at most ${maxItems}).`);
    }
    const id = await ensureDraft();
    await Promise.all(
      list.slice(0, Math.max(0, room)).map(async (file) => {
        uploadSequence += 1;
        const upload: Upload = { id: uploadSequence, name: file.name, progress: 0 };
        const update = (patch: Partial<Upload>) =>
          setUploads((current) =>
            current.map((entry) => (entry.id === upload.id ? { ...entry, ...patch } : entry)),
          );
        setUploads((current) => [...current, upload]);
        if (file.size > maxBytes) {
          update({
            error: `${file.name} is ${(file.size / 1048576).toFixed(1)} MB; the limit is ${Math.round(maxBytes / 1048576)} MB.`,
          });
          return;
        }
        try {
          const item = await uploadMedia(id, file, kind, (progress) => update({ progress }));
          setUploads((current) => current.filter((entry) => entry.id !== upload.id));
          onChange([...latest.current, item]);
          latest.current = [...latest.current, item];
        } catch (error) {
          update({ error: `${file.name}: ${error instanceof Error ? error.message : 'failed'}` });
        }
      }),
    );
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    if (event.dataTransfer.files.length) void addFiles(event.dataTransfer.files);
  }

  return (
    <div className="media-manager">
      <div
        className="media-manager__drop"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
      >
        <label htmlFor={`upload-${kind}`} className="button button--secondary">
          Add {noun}s
        </label>
        <input
          id={`upload-${kind}`}
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          multiple
          onChange={(event) => {
            if (event.target.files) void addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <span className="hint">
          or drop files here. JPEG, PNG, WebP, AVIF or HEIC, up to {Math.round(maxBytes / 1048576)}{' '}
          MB each, at most {maxItems}.
        </span>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
      {uploads.length ? (
        <ul className="media-manager__uploads" aria-label={`${noun}s uploading`}>
          {uploads.map((upload) => (
            <li key={upload.id}>
              <span>{upload.name}</span>
              {upload.error ? (
                <span className="field-error" role="alert">
                  {upload.error}{' '}
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() =>
                      setUploads((current) => current.filter((entry) => entry.id !== upload.id))
                    }
                  >
                    Dismiss
                  </button>
                </span>
              ) : (
                <progress
                  max={1}
                  value={upload.progress}
                  aria-label={`Uploading ${upload.name}`}
                  data-testid="upload-progress"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {message && !uploads.some((upload) => upload.error) ? (
        <p className="hint">{message}</p>
      ) : null}
      <ol className="media-manager__items">
        {own.map((item, index) => (
          <li
            key={item.key}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            className="media-manager__item"
            data-testid={`${kind}-item`}
          >
            <img
              src={imageUrl(item.key, 320)}
              alt={item.caption || `${noun} ${index + 1}`}
              width={160}
              height={Math.round((160 * item.height) / item.width)}
            />
            {kind === 'photo' && index === 0 ? <span className="badge">Cover</span> : null}
            <label>
              <span className="visually-hidden">
                Caption for {noun} {index + 1}
              </span>
              <input
                type="text"
                placeholder="Caption"
                maxLength={120}
                defaultValue={item.caption}
                onBlur={(event) => {
                  if (event.target.value === item.caption) return;
                  reorderOwn(
                    own.map((entry) =>
                      entry.key === item.key ? { ...entry, caption: event.target.value } : entry,
                    ),
                  );
                }}
              />
            </label>
            <div className="media-manager__actions">
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move ${noun} ${index + 1} earlier`}
              >
                ←
              </button>
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => move(index, index + 1)}
                disabled={index === own.length - 1}
                aria-label={`Move ${noun} ${index + 1} later`}
              >
                →
              </button>
              {kind === 'photo' && index > 0 ? (
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => move(index, 0)}
                >
                  Make cover
                </button>
              ) : null}
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => reorderOwn(own.filter((entry) => entry.key !== item.key))}
                aria-label={`Remove ${noun} ${index + 1}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
