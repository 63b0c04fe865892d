import { pgSchema } from 'drizzle-orm/pg-core';

/** The marketplace's own Postgres schema; identity lives apart in `identity`. */
export const market = pgSchema('market');
