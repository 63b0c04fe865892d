import { useEffect, useRef, useState } from 'react';
import type { DraftMediaItem } from '../api/draft-view';
import { useArrangeDraftMedia } from '../api/arrange-draft-media';
import { placeUpload } from './upload-order';
import { useSaveQueue } from './use-save-queue';

const failure = (error: unknown) =>
  error instanceof Error ? error.message : 'Could not save the order.';

/**
 * A draft's media order, shown at once and saved one change at a time (the list as it stands is
 * kept in a ref: uploads and saves finish between renders); `message` is what to tell the lister.
 */
export function useMediaArrangement({
  draftId,
  kind,
  items,
  onChange,
}: {
  draftId: string | null;
  kind: 'photo' | 'floorplan';
  items: DraftMediaItem[];
  onChange: (items: DraftMediaItem[]) => void;
}) {
  const [message, setMessage] = useState('');
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  const arrange = useArrangeDraftMedia();
  const saves = useSaveQueue();

  /**
   * Shows the change at once and saves it; `done` is said only once the server has it, so a
   * reload after the message keeps the change. Saves run one at a time, in order.
   */
  function save(next: DraftMediaItem[], remove: DraftMediaItem[] = [], done = '') {
    onChange(next);
    latest.current = next;
    if (!draftId) {
      if (done) setMessage(done);
      return;
    }
    setMessage('Saving…');
    void saves.enqueue(
      () => arrange.mutateAsync({ draftId, items: next, remove }),
      (outcome, isLast) => {
        if (!outcome.ok) return setMessage(failure(outcome.error));
        // A later change is already on screen: its own save brings the server's answer.
        if (!isLast) return;
        latest.current = outcome.value.media;
        onChange(outcome.value.media);
        setMessage(done || 'Saved.');
      },
    );
  }

  /** Saves a new list of this kind's items, the other kind's kept in place. */
  function reorderOwn(nextOwn: DraftMediaItem[], remove: DraftMediaItem[] = [], done = '') {
    const others = latest.current.filter((item) => item.kind !== kind);
    save(kind === 'photo' ? [...nextOwn, ...others] : [...others, ...nextOwn], remove, done);
  }

  /** Saves the order as it stands (after a batch of uploads). */
  function saveOrder(id: string) {
    return saves.enqueue(
      () => arrange.mutateAsync({ draftId: id, items: latest.current }),
      (outcome, isLast) => {
        if (!outcome.ok) return setMessage(failure(outcome.error));
        if (!isLast) return;
        latest.current = outcome.value.media;
        onChange(outcome.value.media);
      },
    );
  }

  /** Uploads finish in any order; each is shown where its file was chosen. */
  function placeUploaded(
    batch: readonly (string | undefined)[],
    index: number,
    item: DraftMediaItem,
  ) {
    const next = placeUpload(latest.current, batch, index, item);
    latest.current = next;
    onChange(next);
  }

  return { message, setMessage, reorderOwn, saveOrder, placeUploaded };
}
