import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from './market-schema.ts';

/** Small facts about this installation, e.g. whether the demo seed has run. */
export const appState = market.table('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
