import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * `"schema"."table"."column"`, however the query renders. Drizzle writes the columns of a select
 * list unqualified, so a correlated subquery there that names the outer row's column would
 * silently bind to the inner table's column of the same name (`"listing_id" = "id"`).
 */
export function qualifiedColumn(column: PgColumn): SQL {
  const { schema, name } = getTableConfig(column.table);
  return sql`${sql.identifier(schema ?? 'public')}.${sql.identifier(name)}.${sql.identifier(column.name)}`;
}
