// The embedded PostgreSQL (PGlite) on a thread of its own: PostgreSQL compiled to WebAssembly,
// and the parsing of its result rows, otherwise run on the server's only JavaScript thread,
// between page renders (at 100 req/s the two together need more than one core; ADR 013).
// `db/pglite-thread.ts` is the other end. Plain JavaScript, so the thread starts the same under
// tsx, under the test runner and in production, with no TypeScript loader of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './pglite-create.js';
import { preparedStatements } from './pglite-prepared.js';
import { keepDrizzleTextTypes } from './pglite-text-types.js';

/** The fields of a PostgreSQL error worth carrying back (what node-postgres gives too). */
const ERROR_FIELDS = [
  'name',
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];

function describeError(error) {
  const described = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const field of ERROR_FIELDS) {
      if (error[field] !== undefined) described[field] = error[field];
    }
  }
  return described;
}

/**
 * Types to leave as PostgreSQL's text: the only query option that crosses the thread. Drizzle's
 * own text types never do: the instance keeps those as text itself (`pglite-text-types.js`).
 */
const parserSets = new Map();
function queryOptions(options) {
  if (!options) return undefined;
  const { rowMode, textTypes } = options;
  if (!textTypes?.length) return rowMode ? { rowMode } : undefined;
  const key = textTypes.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, (value) => value]));
    parserSets.set(key, parsers);
  }
  return { rowMode, parsers };
}

/** Statement texts by the number the other thread gave them (it sends each text once). */
const statementTexts = new Map();

/** A transaction the other thread holds open: its statements, then commit or roll back. */
class RollBack extends Error {}
const transactions = new Map();

const { dataDir, loadDataDir, heartbeatMs, pgliteWasmModule } = workerData;
const ready = createPglite({
  dataDir,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  pgliteWasmModule,
})
  .then(keepDrizzleTextTypes)
  .then(async (db) => ({ db, statements: await preparedStatements(db) }));

function reply(id, result, transfer) {
  parentPort.postMessage({ id, result }, transfer);
}
function fail(id, error) {
  parentPort.postMessage({ id, error: describeError(error) });
}

/** The whole database, or the open transaction a statement belongs to. */
function targetOf(message, db) {
  if (message.tx === undefined) return db;
  const target = transactions.get(message.tx)?.tx;
  if (!target) throw new Error('The transaction is closed.');
  return target;
}

/** What crosses back of a result: the rest (the query, its options) stays here. */
const plain = (result) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

async function handle(message, db, statements) {
  const { id, op } = message;
  switch (op) {
    case 'query': {
      // Read before any await: a statement's text arrives with the first message that uses it.
      const text = message.sql ?? statementTexts.get(message.statement);
      if (message.sql !== undefined && message.statement !== undefined) {
        statementTexts.set(message.statement, message.sql);
      }
      const target = targetOf(message, db);
      const options = queryOptions(message.options);
      if (statements.shouldPrepare(message.statement, text)) {
        const result = await statements.query(message.statement, text, message.params, options, {
          inTransaction: message.tx !== undefined,
        });
        return reply(id, plain(result));
      }
      const result = await target.query(text, message.params, options);
      await statements.afterUnprepared(text);
      return reply(id, plain(result));
    }
    case 'exec': {
      const results = await targetOf(message, db).exec(message.sql);
      // A script may change tables anywhere in it, not only at its start.
      await statements.forgetAll();
      return reply(id, results.map(plain));
    }
    case 'begin': {
      // PGlite's own transaction keeps every other statement waiting until this one ends, as it
      // would in one thread; the callback stays open until the other thread says how to end it.
      let begun = false;
      const ended = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            transactions.set(message.tx, { tx, resolve, reject });
            begun = true;
            reply(id, null);
          }),
      );
      ended.then(
        () => transactions.get(message.tx)?.onEnd?.(),
        (error) => {
          if (!begun) return fail(id, error);
          const entry = transactions.get(message.tx);
          if (error instanceof RollBack) entry?.onEnd?.();
          else entry?.onEnd?.(error);
        },
      );
      return undefined;
    }
    case 'end': {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error('The transaction is closed.');
      entry.onEnd = (error) => {
        transactions.delete(message.tx);
        if (error) fail(id, error);
        else reply(id, null);
      };
      if (message.commit) entry.resolve();
      else entry.reject(new RollBack());
      return undefined;
    }
    case 'dump': {
      const file = await db.dumpDataDir('none');
      const bytes = await file.arrayBuffer();
      return reply(id, bytes, [bytes]);
    }
    case 'close': {
      // The other thread has drained its calls; one more query also waits for a transaction still
      // open, since PGlite spins forever when closed mid-statement (electric-sql/pglite#1058).
      await new Promise((resolve) => setImmediate(resolve));
      await db.query('select 1').catch(() => undefined);
      await db.close();
      return reply(id, null);
    }
    default:
      throw new Error(`Unknown operation ${op}`);
  }
}

ready.then(
  ({ db, statements }) => {
    parentPort.on('message', (message) => {
      handle(message, db, statements).catch((error) => fail(message.id, error));
    });
    parentPort.postMessage({ ready: true });
    // Silence while statements wait means this thread is stuck inside one (the other end
    // restarts it): a statement runs synchronously, so a stuck one stops these too.
    if (heartbeatMs) setInterval(() => parentPort.postMessage({ alive: true }), heartbeatMs);
  },
  (error) => parentPort.postMessage({ ready: false, error: describeError(error) }),
);
