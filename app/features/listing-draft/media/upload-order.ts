import type { DraftMediaItem } from '../api/draft-view';

/**
 * Places a just-uploaded item in the order its files were chosen, whatever order the uploads
 * finish in: before the first later-chosen file of its batch already shown, else after the last
 * earlier-chosen one, else at the end (where the server appends it).
 *
 * `batch` holds, by selection index, the key of each file of the batch that has finished so far.
 */
export function placeUpload(
  items: readonly DraftMediaItem[],
  batch: readonly (string | undefined)[],
  index: number,
  item: DraftMediaItem,
): DraftMediaItem[] {
  const positionOf = (key: string | undefined) =>
    key === undefined
      ? -1
      : items.findIndex((entry) => entry.kind === item.kind && entry.key === key);
  const next = [...items];
  for (let later = index + 1; later < batch.length; later += 1) {
    const at = positionOf(batch[later]);
    if (at >= 0) {
      next.splice(at, 0, item);
      return next;
    }
  }
  for (let earlier = index - 1; earlier >= 0; earlier -= 1) {
    const at = positionOf(batch[earlier]);
    if (at >= 0) {
      next.splice(at + 1, 0, item);
      return next;
    }
  }
  next.push(item);
  return next;
}
