import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { startWebAppOver, type WebAppOptions, type WebAppOver } from './web-app.ts';

export { TEST_USER_HEADER } from './web-app.ts';

export type WebAppForTest = WebAppOver<TestDatabase>;

/** The whole HTTP app (see `startWebAppOver`) over a fresh test database of its own. */
export async function startWebAppForTest(options: WebAppOptions = {}): Promise<WebAppForTest> {
  const database = await createTestDatabase();
  const site = await startWebAppOver(database, options);
  return {
    ...site,
    close: async () => {
      await site.close();
      await database.destroy();
    },
  };
}
