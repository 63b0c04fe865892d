// `npm run db:migrate`: apply pending migrations to the configured database, then exit.
import { databaseTarget, openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { loadConfig } from '../server/config.ts';

const config = loadConfig();
const database = await openDatabase(
  databaseTarget({ ...config, initialCluster: initialClusterFile() }),
);
try {
  await prepareDatabase(database);
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
} finally {
  await database.close();
}
