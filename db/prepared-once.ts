import type { Database } from './client.ts';

/**
 * A statement built and prepared once per database rather than on every call: building the text
 * of a wide select is a noticeable share of a page's CPU.
 */
export function preparedOnce<T extends object>(build: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
