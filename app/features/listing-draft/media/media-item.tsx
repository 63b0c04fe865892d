import { imageUrl, smallPhotoWarning } from '@domain/images';
import { Button } from '~/components/ui/button';
import type { DraftMediaItem } from '../api/draft-view';

/**
 * One photo or floorplan: its picture, caption, and buttons to move it (drag and drop has no
 * keyboard), make it the cover or remove it.
 */
export function MediaItem({
  item,
  index,
  count,
  noun,
  onMove,
  onCaption,
  onRemove,
  onDragStart,
  onDropOn,
}: {
  item: DraftMediaItem;
  index: number;
  count: number;
  noun: 'photo' | 'floorplan';
  onMove: (from: number, to: number) => void;
  onCaption: (caption: string) => void;
  onRemove: () => void;
  onDragStart: () => void;
  onDropOn: () => void;
}) {
  const isPhoto = noun === 'photo';
  const warning = isPhoto ? smallPhotoWarning(item.width) : null;
  return (
    <li
      draggable
      onDragStart={onDragStart}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onDropOn();
      }}
      className="media-manager__item"
      data-testid={`${noun}-item`}
    >
      <img
        src={imageUrl(item.key, 320)}
        alt={item.caption || `${noun} ${index + 1}`}
        width={160}
        height={Math.round((160 * item.height) / item.width)}
      />
      {isPhoto && index === 0 ? <span className="badge">Cover</span> : null}
      {warning ? (
        <p className="hint media-manager__warning" data-testid="small-photo-warning">
          {warning}
        </p>
      ) : null}
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
            if (event.target.value !== item.caption) onCaption(event.target.value);
          }}
        />
      </label>
      <MediaItemActions
        index={index}
        count={count}
        noun={noun}
        onMove={onMove}
        onRemove={onRemove}
      />
    </li>
  );
}

/** Buttons to move, make the cover or remove: drag and drop has no keyboard. */
function MediaItemActions({
  index,
  count,
  noun,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  noun: 'photo' | 'floorplan';
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const isPhoto = noun === 'photo';
  return (
    <div className="media-manager__actions">
      <Button
        variant="secondary"
        size="small"
        onClick={() => onMove(index, index - 1)}
        disabled={index === 0}
        aria-label={`Move ${noun} ${index + 1} earlier`}
      >
        ←
      </Button>
      <Button
        variant="secondary"
        size="small"
        onClick={() => onMove(index, index + 1)}
        disabled={index === count - 1}
        aria-label={`Move ${noun} ${index + 1} later`}
      >
        →
      </Button>
      {isPhoto && index > 0 ? (
        <Button variant="secondary" size="small" onClick={() => onMove(index, 0)}>
          Make cover
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="small"
        onClick={onRemove}
        aria-label={`Remove ${noun} ${index + 1}`}
      >
        Remove
      </Button>
    </div>
  );
}
