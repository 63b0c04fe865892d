// Named prepared statements for PGlite, which prepares every statement afresh: its `query` sends
// Parse, Describe, Bind, Describe, Execute and Sync one call into WebAssembly at a time, and
// PostgreSQL parses, analyses and plans the text again each time. Here a statement used more than
// once is parsed once under a name, and each use after that is Bind, Execute and Sync in one call,
// its rows described from what the first Describe said. Each use is still planned for its own
// values (`plan_cache_mode = force_custom_plan`): a generic plan cannot match `ON CONFLICT …
// WHERE status = $1` to a partial unique index (error 42P10 from the sixth use on), nor use a
// partial index whose predicate a parameter decides, so reusing plans would change answers.
// Plain JavaScript: it runs on the PGlite thread (`pglite-worker.js`).
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Statement text prepared at most, in characters: the backend keeps each one's parse and query
 * trees, about 45 bytes for each character (1,000 statements of 700 characters took 32 MB), so
 * this bounds them near 45 MB. Statements past it run as before, unprepared.
 */
export const MAX_PREPARED_TEXT = 1_000_000;
/** Uses before a statement is prepared: one-off texts (literals, DDL) never are. */
const USES_BEFORE_PREPARING = 2;
/**
 * Statements that may change a table's shape (after leading blanks and comments), after which
 * prepared statements are closed; they are never prepared themselves.
 */
const CHANGES_SCHEMA = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:alter|drop|create|do)\b/i;
/**
 * PostgreSQL's answers that the named statement no longer serves: its result changed shape under
 * it (a migration: 0A000), or it is gone (`DEALLOCATE ALL`: 26000). It is prepared again.
 */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

function concat(parts) {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** Close messages for named statements (closing one that is not there is no error). */
const closing = (names) => names.map((name) => serialize.close({ type: 'S', name }));

/**
 * Parses a statement under a name, and keeps what its rows and parameters look like. Any earlier
 * statement of that name is closed first (closing one that is not there is no error).
 */
async function prepare(db, number, text) {
  const name = `roost_${number}`;
  const messages = await db.execProtocolStream(
    concat([
      ...closing([name]),
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return {
    name,
    paramTypes: parse.parseDescribeStatementResults(messages),
    rowDescription: messages.find((message) => message.name === 'rowDescription'),
  };
}

/** Bind, Execute and Sync in one call; values serialised as PGlite's own `query` does. */
async function execute(db, statement, params, options) {
  const values = (params ?? []).map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[statement.paramTypes[index]];
    return serializer ? serializer(value) : value.toString();
  });
  const messages = await db.execProtocolStream(
    concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  if (statement.rowDescription) messages.unshift(statement.rowDescription);
  return parse.parseResults(messages, db.parsers, options)[0];
}

/**
 * Runs statements on one PGlite instance by number (the texts' numbers from the other thread),
 * preparing those used often enough. `inTransaction` says the caller holds PGlite's transaction
 * lock already, so only the query lock is taken and nothing is flushed to the files until COMMIT.
 */
export async function preparedStatements(db, { maxPreparedText = MAX_PREPARED_TEXT } = {}) {
  await db.exec('set plan_cache_mode = force_custom_plan');
  const uses = new Map();
  const prepared = new Map();
  let preparedText = 0;

  const remember = async (number, text) => {
    const statement = await prepare(db, number, text);
    prepared.set(number, { ...statement, length: text.length });
    preparedText += text.length;
    return statement;
  };
  const forget = (number) => {
    preparedText -= prepared.get(number)?.length ?? 0;
    prepared.delete(number);
  };

  const run = async (number, text, params, options, inTransaction) => {
    const statement = prepared.get(number) ?? (await remember(number, text));
    try {
      return await execute(db, statement, params, options);
    } catch (error) {
      if (!PREPARE_AGAIN.has(error?.code)) throw error;
      forget(number);
      // In a transaction the error has ended it: nothing more runs there, so it is reported as
      // it came, and the statement is prepared again at its next use.
      if (inTransaction) throw error;
      return await execute(db, await remember(number, text), params, options);
    }
  };

  /**
   * After a statement that may change what tables look like (DDL): every statement is prepared
   * again at its next use, so none fails inside a transaction for having been prepared before.
   * Called with PGlite's locks free; takes the query lock to close them.
   */
  const forgetAll = async () => {
    if (!prepared.size) return;
    const names = [...prepared.values()].map((statement) => statement.name);
    prepared.clear();
    preparedText = 0;
    // Each is closed again before it is next prepared, so a close refused here (in a
    // transaction an error has ended) loses nothing.
    await db
      ._runExclusiveQuery(() =>
        db.execProtocolStream(concat([...closing(names), serialize.sync()]), { syncToFs: false }),
      )
      .catch(() => undefined);
  };

  return {
    forgetAll,
    /** After a statement run unprepared: if it may have changed a table, `forgetAll`. */
    async afterUnprepared(text) {
      if (CHANGES_SCHEMA.test(text)) await forgetAll();
    },
    /** Whether this statement is worth preparing: used before, and room for it. */
    shouldPrepare(number, text) {
      if (number === undefined) return false;
      if (prepared.has(number)) return true;
      if (preparedText + text.length > maxPreparedText || CHANGES_SCHEMA.test(text)) return false;
      const used = (uses.get(number) ?? 0) + 1;
      uses.set(number, used);
      return used >= USES_BEFORE_PREPARING;
    },
    query(number, text, params, options, { inTransaction }) {
      if (inTransaction) {
        return db._runExclusiveQuery(() => run(number, text, params, options, true));
      }
      // As PGlite's own `query`: wait for any open transaction, then hold the query lock.
      return db._runExclusiveTransaction(async () => {
        const result = await db._runExclusiveQuery(() => run(number, text, params, options, false));
        await db.syncToFs();
        return result;
      });
    },
  };
}
