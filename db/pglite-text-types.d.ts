import type { PGlite } from '@electric-sql/pglite';

/** The types Drizzle's PGlite driver keeps as PostgreSQL's text. */
export const DRIZZLE_TEXT_TYPES: readonly number[];

/** Makes the instance keep Drizzle's text types as text for every statement. */
export function keepDrizzleTextTypes<T extends PGlite>(pglite: T): T;

/** Whether a parser leaves its type's value as PostgreSQL's text. */
export function keepsText(
  parse: (value: string, type: number) => unknown,
  type: number | string,
): boolean;

/** Whether every parser given only keeps one of Drizzle's text types as text. */
export function onlyKeepsText(
  parsers: Record<number, (value: string, type: number) => unknown>,
): boolean;

/** The instance, its `query` no longer passing on parsers it already applies. */
export function withoutTextParsers<T extends PGlite>(pglite: T): T;
