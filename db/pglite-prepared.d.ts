import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** Statement text prepared at most, in characters. */
export const MAX_PREPARED_TEXT: number;

/** Statements that may change a table's shape, after which prepared statements are closed. */
export const CHANGES_SCHEMA: RegExp;

/** Named prepared statements on one PGlite instance, by the statements' numbers. */
export function preparedStatements(
  db: PGlite,
  options?: { maxPreparedText?: number },
): Promise<{
  shouldPrepare(number: number | undefined, text: string): boolean;
  forgetAll(): Promise<void>;
  query(
    number: number,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    context: { inTransaction: boolean },
  ): Promise<Results>;
}>;
