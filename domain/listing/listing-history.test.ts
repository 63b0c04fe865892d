import { describe, expect, it } from 'vitest';
import { latestDrop, listingHistory } from './listing-history.ts';

describe('listingHistory', () => {
  it('names the first price as listed, then each drop and rise, with status events between', () => {
    const history = listingHistory(
      [
        { price: 300_000, changedAt: '2026-01-05T10:00:00.000Z' },
        { price: 290_000, changedAt: '2026-02-01T10:00:00.000Z' },
        { price: 295_000, changedAt: '2026-04-01T10:00:00.000Z' },
      ],
      [
        { event: 'under_offer', changedAt: '2026-02-10T10:00:00.000Z' },
        { event: 'back_on_market', changedAt: '2026-03-01T10:00:00.000Z' },
        { event: 'sold_stc', changedAt: '2026-05-01T10:00:00.000Z' },
      ],
    );
    expect(history.map((entry) => [entry.kind, entry.price])).toEqual([
      ['listed', 300_000],
      ['reduced', 290_000],
      ['under_offer', 290_000],
      ['back_on_market', 290_000],
      ['increased', 295_000],
      ['sold_stc', 295_000],
    ]);
  });

  it('puts a relisting before the price it was relisted at', () => {
    const at = '2026-06-01T10:00:00.000Z';
    const history = listingHistory(
      [
        { price: 250_000, changedAt: '2026-01-01T10:00:00.000Z' },
        { price: 240_000, changedAt: at },
      ],
      [{ event: 'relisted', changedAt: at }],
    );
    expect(history.map((entry) => entry.kind)).toEqual(['listed', 'relisted', 'reduced']);
  });
});

describe('latestDrop', () => {
  const listed = { price: 300_000, changedAt: '2026-01-05T10:00:00.000Z' };
  const cut = { price: 285_000, changedAt: '2026-02-01T10:00:00.000Z' };

  it('gives the amount and date of a last change that was a drop to the price now', () => {
    expect(latestDrop([listed, cut], 285_000)).toEqual({ by: 15_000, on: cut.changedAt });
  });

  it('gives nothing for one price, a rise, or a history that does not end at the price now', () => {
    expect(latestDrop([listed], 300_000)).toBeNull();
    expect(
      latestDrop([cut, { ...listed, changedAt: '2026-03-01T10:00:00.000Z' }], 300_000),
    ).toBeNull();
    expect(latestDrop([listed, cut], 280_000)).toBeNull();
  });
});
