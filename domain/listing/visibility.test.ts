import { describe, expect, it } from 'vitest';
import {
  cardOrWithdrawn,
  isShownOnCards,
  listingTitleOf,
  NO_LONGER_ADVERTISED,
} from './visibility.ts';

const card = { id: 7, title: 'Two bed flat', price: 900, status: 'active', deletedAt: null };

describe('cards of listings that are not public', () => {
  it('keep a public card whole, without the visibility columns', () => {
    expect(cardOrWithdrawn({ ...card, status: 'sold_stc', ownerSuspendedAt: null })).toEqual({
      id: 7,
      title: 'Two bed flat',
      price: 900,
      status: 'sold_stc',
      isAdvertised: true,
    });
  });

  it.each([
    ['paused', { status: 'paused' }],
    ['removed', { status: 'removed' }],
    ['a draft', { status: 'draft' }],
    ['deleted', { deletedAt: new Date() }],
    ['of a suspended lister', { ownerSuspendedAt: new Date() }],
  ])('show only the id of a listing %s', (_state, change) => {
    const hidden = { ...card, ...change };
    expect(cardOrWithdrawn(hidden)).toEqual({ id: 7, isAdvertised: false });
    expect(listingTitleOf(cardOrWithdrawn(hidden))).toBe(NO_LONGER_ADVERTISED);
    expect(isShownOnCards(hidden, { isOwner: true })).toBe(true);
  });
});
