import { describe, expect, it } from 'vitest';
import type { DraftMediaItem } from '../api/draft-view';
import { placeUpload } from './upload-order';

const photo = (key: string): DraftMediaItem => ({
  key,
  kind: 'photo',
  width: 1200,
  height: 800,
  caption: '',
});
const floorplan = (key: string): DraftMediaItem => ({ ...photo(key), kind: 'floorplan' });

/** Finishes the uploads of a batch of `count` files in `finishOrder`, from `start`. */
function finish(start: DraftMediaItem[], count: number, finishOrder: number[]) {
  const batch: (string | undefined)[] = Array.from({ length: count }, () => undefined);
  let items = start;
  for (const index of finishOrder) {
    const item = photo(`new${index}`);
    batch[index] = item.key;
    items = placeUpload(items, batch, index, item);
  }
  return items.map((item) => item.key);
}

describe('placeUpload', () => {
  it('keeps the order the files were chosen whatever order they finish in', () => {
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
      [1, 0, 2],
    ];
    for (const order of orders) {
      expect(finish([], 3, order)).toEqual(['new0', 'new1', 'new2']);
    }
  });

  it('puts a batch after the photos already there, so the first photo stays the cover', () => {
    expect(finish([photo('cover'), floorplan('plan')], 3, [2, 0, 1])).toEqual([
      'cover',
      'plan',
      'new0',
      'new1',
      'new2',
    ]);
  });

  it('keeps a move the lister made while the batch was still uploading', () => {
    const batch: (string | undefined)[] = [undefined, undefined, undefined];
    batch[2] = 'new2';
    let items = placeUpload([photo('old')], batch, 2, photo('new2'));
    // The lister makes the just-finished photo the cover.
    items = [items[1]!, items[0]!];
    batch[0] = 'new0';
    items = placeUpload(items, batch, 0, photo('new0'));
    batch[1] = 'new1';
    items = placeUpload(items, batch, 1, photo('new1'));
    expect(items.map((item) => item.key)).toEqual(['new0', 'new1', 'new2', 'old']);
  });
});
