import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';

/** What one batch did to the table. */
export interface UpsertCounts {
  added: number;
  /** Held rows whose compared columns differed. */
  changed: number;
  /** Held rows whose compared columns were the same (other columns may have been refreshed). */
  unchanged: number;
  /** Held rows whose `turnedOff` column went from true to false. */
  turnedOff: number;
}

interface UpsertOptions<Column extends string> {
  /** The columns whose difference counts a held row as changed; every written column if unset. */
  compared?: readonly Column[];
  /** A boolean column whose change from true to false is counted (a school that closed). */
  turnedOff?: Column;
}

/**
 * Adds rows, or updates the held rows with the same key, in one statement, for the open-data
 * importers: every column but the key and `importedAt` (when the row was first imported) is
 * written, and a held row identical in all of them is not rewritten, so loading a file twice
 * changes nothing. The batch travels as one JSON parameter unpacked by `json_populate_recordset`
 * rather than a parameter a cell: on PGlite about three times the rows a second of a multi-row
 * VALUES insert (`npm run bench:price-paid`). The `held` CTE reads the rows as they were, since
 * every part of one statement sees the same snapshot.
 */
export async function upsertBatch<
  Table extends PgTable,
  Key extends string & keyof Table['_']['columns'],
>(
  db: Database,
  table: Table,
  key: Key,
  rows: readonly Partial<Record<keyof Table['_']['columns'], unknown>>[],
  options: UpsertOptions<string & keyof Table['_']['columns']> = {},
): Promise<UpsertCounts> {
  if (rows.length === 0) return { added: 0, changed: 0, unchanged: 0, turnedOff: 0 };
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const written = Object.keys(all).filter((column) => column !== key && column !== 'importedAt');
  const columns = [key, ...written];
  const name = (column: string) => all[column]!.name;
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(columns.map((column) => [name(column), row[column as Key] ?? null])),
    ),
  );
  const list = sql.raw(columns.map(name).join(', '));
  const raw = (alias: string, column: string) => sql.raw(`${alias}.${name(column)}`);
  const differs = sql.join(
    written.map((column) => sql`${all[column]} is distinct from ${raw('excluded', column)}`),
    sql` or `,
  );
  const updates = sql.raw(
    written.map((column) => `${name(column)} = excluded.${name(column)}`).join(', '),
  );
  const compared = options.compared ?? written;
  const tuple = (alias: string) =>
    sql.join(
      compared.map((column) => raw(alias, column)),
      sql`, `,
    );
  const turnedOff: SQL = options.turnedOff
    ? sql`coalesce(${raw('held', options.turnedOff)} and not ${raw('written', options.turnedOff)}, false)`
    : sql`false`;
  const keyName = sql.raw(name(key));
  const { rows: outcomes } = (await db.execute(sql`
    with incoming as (select ${list} from json_populate_recordset(null::${table}, ${json}::json)),
    held as (select * from ${table} where ${keyName} in (select ${keyName} from incoming)),
    written as (
      insert into ${table} (${list}) select ${list} from incoming
      on conflict (${keyName}) do update set ${updates} where ${differs}
      returning *)
    select held.${keyName} is null as is_new,
      row(${tuple('written')}) is distinct from row(${tuple('held')}) as is_changed,
      ${turnedOff} as turned_off
    from written left join held using (${keyName})`)) as {
    rows: { is_new: boolean; is_changed: boolean; turned_off: boolean }[];
  };
  const added = outcomes.filter((row) => row.is_new).length;
  const changed = outcomes.filter((row) => !row.is_new && row.is_changed).length;
  return {
    added,
    changed,
    unchanged: rows.length - added - changed,
    turnedOff: outcomes.filter((row) => row.turned_off).length,
  };
}

/** Upserts `rows` a batch at a time, adding what each batch did to `counts`. */
export async function upsertInBatches<Row>(
  rows: readonly Row[],
  size: number,
  upsert: (batch: Row[]) => Promise<Pick<UpsertCounts, 'added' | 'changed' | 'unchanged'>>,
  counts: Pick<UpsertCounts, 'added' | 'changed' | 'unchanged'>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    const written = await upsert(rows.slice(start, start + size));
    counts.added += written.added;
    counts.changed += written.changed;
    counts.unchanged += written.unchanged;
  }
}
