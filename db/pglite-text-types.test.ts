import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { DRIZZLE_TEXT_TYPES, onlyKeepsText, withoutTextParsers } from './pglite-text-types.js';

const asText = (value: string) => value;

/** A stand-in for PGlite that answers with the options each statement brought. */
function fakePglite() {
  const seen: unknown[] = [];
  const pglite = {
    parsers: { 1114: (value: string) => new Date(value), 23: Number } as Record<
      number,
      (value: string) => unknown
    >,
    query: async (_text: string, _params?: unknown[], options?: unknown) => {
      seen.push(options);
      return { rows: [] };
    },
  };
  return { pglite: pglite as unknown as PGlite & typeof pglite, seen };
}

describe('PGlite keeping Drizzle’s text types itself', () => {
  it('recognises parsers that only keep those types as text', () => {
    expect(
      onlyKeepsText(Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText]))),
    ).toBe(true);
    expect(onlyKeepsText({ 1114: (value: string) => new Date(value) })).toBe(false);
    expect(onlyKeepsText({ 23: asText })).toBe(false);
  });

  it('installs them on the instance and drops them from the statements that bring them', async () => {
    const { pglite, seen } = fakePglite();
    withoutTextParsers(pglite);
    expect(pglite.parsers[1114]!('2026-01-02 03:04:05')).toBe('2026-01-02 03:04:05');
    expect(pglite.parsers[23]).toBe(Number);
    await pglite.query('select 1', [], {
      rowMode: 'array',
      parsers: { 1114: asText, 1184: asText },
    });
    const custom = { 23: (value: string) => `n${value}` };
    await pglite.query('select 2', [], { parsers: custom });
    await pglite.query('select 3');
    expect(seen).toEqual([{ rowMode: 'array' }, { parsers: custom }, undefined]);
  });
});
