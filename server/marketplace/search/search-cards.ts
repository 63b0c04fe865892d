import { is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { summaryColumns, toSummaries } from '../listings/listing-summary.ts';
import { listings } from '../listings/schema.ts';
import type { SearchResultItem } from './search-listings.ts';

// The card columns of a results page never change, but Drizzle's query builder rebuilt them (and
// the cover and 'Reduced' subqueries) for every page and for its Featured homes: the largest part
// of what a search did besides its SQL. They are written out once, here, and each row's columns
// decoded as Drizzle's select would.
const cardFields = { ...summaryColumns, floorAreaSqFt: listings.floorAreaSqFt };
type CardKey = keyof typeof cardFields;
const cardKeys = Object.keys(cardFields) as CardKey[];

/** The columns' SQL once, each named by its field; the statement's numbers written in. */
function renderedOnce(): string {
  const list = sql.join(
    cardKeys.map((key) => sql`${cardFields[key]} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const { sql: text, params } = new PgDialect().sqlToQuery(list);
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value !== 'number') throw new Error('Card columns take only numbers');
    return String(value);
  });
}

let cardColumns: SQL | undefined;

/** Each column's decoder from the driver's value (dates, numbers), as Drizzle's select applies. */
const decoders = cardKeys.flatMap((key) => {
  const field = cardFields[key];
  return is(field, PgColumn)
    ? [{ key, decode: (value: unknown) => field.mapFromDriverValue(value) }]
    : [];
});

/**
 * The cards of a page's hits (the statement `hits` yields `hit_id`, `hit_earth` and `hit_rank`),
 * in rank order, with each one's distance from `distance` (SQL over `hits.hit_earth`): one query.
 */
export async function cardsOfHits(
  db: Database,
  hits: SQL,
  distance: SQL | undefined,
): Promise<SearchResultItem[]> {
  cardColumns ??= sql.raw(renderedOnce());
  const { rows } = (await db.execute(
    sql`with "hits" as (${hits}) select ${cardColumns}, ${distance ?? sql`null::float8`} as "distanceMiles" from "hits" inner join "market"."listings" on "market"."listings"."id" = "hits"."hit_id" order by "hits"."hit_rank"`,
  )) as unknown as { rows: Record<string, unknown>[] };
  for (const row of rows) {
    for (const { key, decode } of decoders) {
      if (row[key] !== null) row[key] = decode(row[key]);
    }
    if (row.distanceMiles !== null) row.distanceMiles = Number(row.distanceMiles);
  }
  return toSummaries(rows as unknown as Parameters<typeof toSummaries>[0]) as SearchResultItem[];
}
