import { date, doublePrecision, index, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * Fixed broadband availability by postcode, from Ofcom Connected Nations postcode coverage files
 * (Ofcom's open-data terms; credit on /data-sources), loaded by `npm run data:import --
 * broadband`. Percentages of the postcode's premises; null where Ofcom left the cell blank.
 * The demo seed adds clearly labelled made-up rows (`source = 'demo'`) for its own homes.
 */
export const broadbandCoverage = market.table(
  'broadband_coverage',
  {
    /** 'LS6 1AB'. */
    postcode: text('postcode').primaryKey(),
    /** 'LS': Ofcom publishes one file per postcode area; a newer file replaces its area. */
    postcodeArea: text('postcode_area').notNull(),
    source: text('source', { enum: ['ofcom', 'demo'] }).notNull(),
    /** First day of the month the figures describe (from Ofcom's file name). */
    snapshot: date('snapshot', { mode: 'string' }).notNull(),
    superfastPct: doublePrecision('superfast_pct'),
    ultrafast100Pct: doublePrecision('ultrafast100_pct'),
    ultrafastPct: doublePrecision('ultrafast_pct'),
    gigabitPct: doublePrecision('gigabit_pct'),
    fullFibrePct: doublePrecision('full_fibre_pct'),
    below10Pct: doublePrecision('below10_pct'),
    below30Pct: doublePrecision('below30_pct'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('broadband_coverage_area_idx').on(table.postcodeArea, table.snapshot)],
);

export type BroadbandCoverageRow = typeof broadbandCoverage.$inferSelect;
