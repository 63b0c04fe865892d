import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** One column of one table in which a needle was found. */
export interface SweepFinding {
  table: string;
  column: string;
  needle: string;
  rows: number;
}

/** The column types personal data can hide in: free text, JSON and identifiers. */
const SEARCHED_TYPES = ['text', 'character varying', 'character', 'jsonb', 'json', 'uuid'];

/**
 * Every column of the given types in every table of the given schemas, read from
 * `information_schema.columns` at run time, so a table added later is searched without anyone
 * remembering to add it here.
 */
async function searchableColumns(db: Database, schemas: string[]) {
  const result = (await db.execute(
    sql`select c.table_schema, c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema in (select jsonb_array_elements_text(${JSON.stringify(schemas)}::jsonb))
           and t.table_type = 'BASE TABLE'
           and c.data_type in (select jsonb_array_elements_text(${JSON.stringify(SEARCHED_TYPES)}::jsonb))
         order by c.table_schema, c.table_name, c.column_name`,
  )) as { rows: { table_schema: string; table_name: string; column_name: string }[] };
  return result.rows;
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Where any of `needles` still appears (case-insensitively, anywhere in the value) in `schemas`:
 * one finding per table, column and needle, with how many rows hold it.
 */
export async function sweepForPersonalData(
  db: Database,
  schemas: string[],
  needles: string[],
): Promise<SweepFinding[]> {
  const findings: SweepFinding[] = [];
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  for (const column of await searchableColumns(db, schemas)) {
    const table = `${quoted(column.table_schema)}.${quoted(column.table_name)}`;
    // One scan of the column per table for all the needles together.
    const result = (await db.execute(
      sql`select needle.i::int as i, count(*)::int as total
            from ${sql.raw(table)} as t,
                 jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb)
                   with ordinality as needle(pattern, i)
           where t.${sql.raw(quoted(column.column_name))}::text ilike needle.pattern
           group by needle.i`,
    )) as { rows: { i: number; total: number }[] };
    for (const { i, total } of result.rows) {
      findings.push({
        table: `${column.table_schema}.${column.table_name}`,
        column: column.column_name,
        needle: needles[i - 1]!,
        rows: total,
      });
    }
  }
  return findings;
}
