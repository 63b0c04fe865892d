import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** Statement text prepared at most, in characters. */
export const MAX_PREPARED_TEXT: number;

/** Named prepared statements on one PGlite instance, by the statements' numbers. */
export function preparedStatements(
  db: PGlite,
  options?: { maxPreparedText?: number },
): Promise<{
  shouldPrepare(number: number | undefined, text: string): boolean;
  forgetAll(): Promise<void>;
  afterUnprepared(text: string): Promise<void>;
  query(
    number: number,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    context: { inTransaction: boolean },
  ): Promise<Results>;
}>;
