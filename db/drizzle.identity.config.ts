import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './identity/schema.ts',
  out: './db/migrations/identity',
  schemaFilter: ['identity'],
});
