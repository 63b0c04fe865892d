import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/marketplace/db/schema.ts',
  out: './db/migrations/market',
  schemaFilter: ['market'],
});
