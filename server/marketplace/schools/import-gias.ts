import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  missingGiasColumns,
  parseGiasRow,
  type GiasSchool,
} from '../../../domain/schools/gias-record.ts';
import type { ImportProgress } from '../open-data/import-progress.ts';
import { labelledColumns, openCsvFile, skipRow } from '../open-data/csv-file.ts';
import { upsertBatch } from '../open-data/upsert-batch.ts';
import { schools } from './schema.ts';

export interface GiasImportSummary {
  rows: number;
  added: number;
  changed: number;
  /** Rows already held exactly as given (an extract loaded twice changes nothing). */
  unchanged: number;
  /** Held as open, now closed (or not yet open) in the register: kept, no longer shown. */
  closed: number;
  /** Held from an earlier extract but absent from this one: removed. */
  removed: number;
  /** Rows held without a grid reference, so never shown. */
  unplaced: number;
  skipped: number;
  /** The first few rows that could not be used, by line number, and why. */
  problems: { line: number; reason: string }[];
}

/** A file that is not an establishment extract: nothing is loaded or removed. */
export class NotAnExtractError extends Error {}

const BATCH = 2_000;

export type SchoolInsert = GiasSchool & { source: 'gias' | 'demo' };

/** Adds or updates schools by URN: how many were added, changed, the same, and now closed. */
export async function upsertSchools(db: Database, rows: SchoolInsert[]) {
  const { turnedOff, ...counts } = await upsertBatch(db, schools, 'urn', rows, {
    turnedOff: 'isOpen',
  });
  return { ...counts, closed: turnedOff };
}

/** Removes the register's schools whose URNs the extract did not carry (never demo schools). */
async function removeAbsent(db: Database, seen: Set<number>): Promise<number> {
  const { rows } = (await db.execute(sql`
    delete from ${schools}
    where ${schools.source} = 'gias'
      and ${schools.urn} not in (select value::int from json_array_elements_text(${JSON.stringify([...seen])}::json))
    returning urn`)) as { rows: unknown[] };
  return rows.length;
}

/**
 * Loads a full establishment extract (Windows-1252 CSV with a header row) into `schools`:
 * schools are upserted by URN, those the register now lists as closed are kept but no longer
 * shown, and the register's schools absent from the extract are removed, so loading the same
 * extract again changes nothing. Rows that cannot be used are counted and the first few
 * reported with their line; their URNs, where readable, still count as present.
 */
// size: one streaming pass with its batching and summary; split, it would read worse.
export async function importGias(
  db: Database,
  file: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<GiasImportSummary> {
  const summary: GiasImportSummary = {
    rows: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    closed: 0,
    removed: 0,
    unplaced: 0,
    skipped: 0,
    problems: [],
  };
  const { records, progress } = openCsvFile<Record<string, string>>(file, {
    encoding: 'win1252',
    columns: labelledColumns(
      missingGiasColumns,
      (missing) =>
        new NotAnExtractError(
          `Not a Get Information about Schools establishment extract: no ${missing.join(', ')} column`,
        ),
    ),
  });

  const seen = new Set<number>();
  let batch = new Map<number, SchoolInsert>();
  const flush = async () => {
    const written = await upsertSchools(db, [...batch.values()]);
    summary.added += written.added;
    summary.changed += written.changed;
    summary.unchanged += written.unchanged;
    summary.closed += written.closed;
    batch = new Map();
    onProgress?.(progress(summary.rows));
  };

  for await (const record of records) {
    summary.rows += 1;
    const parsed = parseGiasRow(record);
    const urn = Number(record.URN);
    if (Number.isSafeInteger(urn) && urn > 0) seen.add(urn);
    if (!parsed.ok) {
      // Line 1 is the header.
      skipRow(summary, summary.rows + 1, parsed.reason);
      continue;
    }
    if (parsed.school.lat === null) summary.unplaced += 1;
    batch.set(parsed.school.urn, { ...parsed.school, source: 'gias' });
    if (batch.size >= BATCH) await flush();
  }
  await flush();
  // An extract with no schools is a broken download, not a register that closed every school.
  if (seen.size === 0) throw new NotAnExtractError('The extract holds no schools: nothing removed');
  summary.removed = await removeAbsent(db, seen);
  return summary;
}
