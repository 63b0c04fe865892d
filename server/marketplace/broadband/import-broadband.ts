import path from 'node:path';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  COVERAGE_COLUMNS,
  coverageSnapshot,
  missingCoverageColumns,
  parseCoverageRow,
  postcodeArea,
  type BroadbandCoverage,
  type CoverageFigure,
} from '../../../domain/broadband/ofcom-coverage.ts';
import type { ImportProgress } from '../open-data/import-progress.ts';
import { labelledColumns, openCsvFile, skipRow } from '../open-data/csv-file.ts';
import { upsertBatch, upsertInBatches } from '../open-data/upsert-batch.ts';
import { broadbandCoverage } from './schema.ts';

export interface BroadbandImportSummary {
  /** The month the file describes, 'YYYY-MM-01'. */
  snapshot: string;
  /** Postcode areas the file covers, whose older figures it replaces. */
  areas: string[];
  rows: number;
  added: number;
  /** Postcodes whose figures differ from those held. */
  changed: number;
  /** Postcodes held with the same figures (re-dated to this file's month). */
  unchanged: number;
  /** Postcodes of these areas held from an older file and absent from this one. */
  removed: number;
  skipped: number;
  problems: { line: number; reason: string }[];
}

const BATCH = 2_000;
const FIGURES = Object.keys(COVERAGE_COLUMNS) as CoverageFigure[];

/** A coverage row as stored. */
export function broadbandRow(
  coverage: BroadbandCoverage,
  snapshot: string,
  source: 'ofcom' | 'demo',
) {
  return { ...coverage, postcodeArea: postcodeArea(coverage.postcode), snapshot, source };
}

/**
 * Adds or updates rows by postcode: how many were new, had different figures, or the same
 * figures (a newer month with the same figures still updates the month).
 */
export async function upsertBroadband(db: Database, rows: ReturnType<typeof broadbandRow>[]) {
  const { added, changed, unchanged } = await upsertBatch(db, broadbandCoverage, 'postcode', rows, {
    compared: ['source', ...FIGURES],
  });
  return { added, changed, unchanged };
}

/** Reads every usable row of the file, keyed by postcode (a repeated postcode: the last wins). */
async function readCoverageFile(
  file: string,
  summary: BroadbandImportSummary,
  onProgress?: (progress: ImportProgress) => void,
) {
  const { records, progress } = openCsvFile<Record<string, string>>(file, {
    columns: labelledColumns(
      missingCoverageColumns,
      (missing) => new Error(`${path.basename(file)} lacks Ofcom's columns: ${missing.join(', ')}`),
    ),
  });
  const coverage = new Map<string, BroadbandCoverage>();
  for await (const record of records) {
    summary.rows += 1;
    const parsed = parseCoverageRow(record);
    if (!parsed.ok) {
      // Line numbers count the header row, as an editor shows them.
      skipRow(summary, summary.rows + 1, parsed.reason);
      continue;
    }
    coverage.set(parsed.coverage.postcode, parsed.coverage);
    if (summary.rows % BATCH === 0) onProgress?.(progress(summary.rows));
  }
  onProgress?.(progress(summary.rows));
  return coverage;
}

/**
 * Loads one Ofcom postcode coverage file (one postcode area) into `broadband_coverage`: each
 * postcode is upserted, then the area's postcodes held from an older file but absent from this
 * one are removed — Ofcom no longer publishes figures for them, and stale ones would mislead.
 * A file older than the figures held for its area is refused whole. Loading the same file again
 * changes nothing. All in one transaction: a failed load leaves the area as it was.
 */
export async function importBroadband(
  db: Database,
  file: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<BroadbandImportSummary> {
  const named = coverageSnapshot(path.basename(file));
  if (!named.ok) throw new Error(named.reason);
  const { snapshot } = named;
  const summary: BroadbandImportSummary = {
    snapshot,
    areas: [],
    rows: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    removed: 0,
    skipped: 0,
    problems: [],
  };
  const coverage = await readCoverageFile(file, summary, onProgress);
  summary.areas = [...new Set([...coverage.keys()].map(postcodeArea))].sort();
  if (summary.areas.length === 0) return summary;

  await db.transaction(async (tx) => {
    const newer = await tx
      .select({
        area: broadbandCoverage.postcodeArea,
        snapshot: sql<string>`max(${broadbandCoverage.snapshot})`,
      })
      .from(broadbandCoverage)
      .where(
        and(
          eq(broadbandCoverage.source, 'ofcom'),
          inArray(broadbandCoverage.postcodeArea, summary.areas),
        ),
      )
      .groupBy(broadbandCoverage.postcodeArea);
    const ahead = newer.filter((held) => held.snapshot > snapshot);
    if (ahead.length) {
      throw new Error(
        `Roost already holds newer Ofcom figures for ${ahead.map((held) => `${held.area} (${held.snapshot.slice(0, 7)})`).join(', ')} than this file (${snapshot.slice(0, 7)}); nothing was changed`,
      );
    }
    const rows = [...coverage.values()].map((row) => broadbandRow(row, snapshot, 'ofcom'));
    await upsertInBatches(rows, BATCH, (batch) => upsertBroadband(tx, batch), summary);
    const gone = await tx
      .delete(broadbandCoverage)
      .where(
        and(
          eq(broadbandCoverage.source, 'ofcom'),
          inArray(broadbandCoverage.postcodeArea, summary.areas),
          lt(broadbandCoverage.snapshot, snapshot),
        ),
      )
      .returning({ postcode: broadbandCoverage.postcode });
    summary.removed = gone.length;
  });
  return summary;
}
