import path from 'node:path';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  missingNaptanColumns,
  parseNaptanRow,
  type NaptanStation,
} from '../../../domain/stations/naptan-stop.ts';
import type { ImportProgress } from '../open-data/import-progress.ts';
import { labelledColumns, openCsvFile, skipRow } from '../open-data/csv-file.ts';
import { upsertBatch, upsertInBatches } from '../open-data/upsert-batch.ts';
import { stations } from './schema.ts';

export interface StationsImportSummary {
  rows: number;
  /** Live stations in the file. */
  stations: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Held stations the file marks inactive or no longer lists. */
  removed: number;
  skipped: number;
  problems: { line: number; reason: string }[];
}

const BATCH = 1_000;

/** Adds or updates stations by ATCO code: how many were new, different or the same. */
export async function upsertStations(
  db: Database,
  rows: (NaptanStation & { source: 'naptan' | 'demo' })[],
) {
  const { added, changed, unchanged } = await upsertBatch(db, stations, 'atcoCode', rows);
  return { added, changed, unchanged };
}

/**
 * Loads NaPTAN's national Stops.csv into `stations`: every live railway station (StopType RLY)
 * and metro, underground or tram station (MET) is upserted by ATCO code; stations the file
 * marks inactive, or no longer lists, are removed, since NaPTAN publishes complete extracts.
 * A file with no stations at all is refused rather than emptying the table. Loading the same
 * file again changes nothing. All in one transaction.
 */
export async function importNaptanStations(
  db: Database,
  file: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<StationsImportSummary> {
  const summary: StationsImportSummary = {
    rows: 0,
    stations: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    removed: 0,
    skipped: 0,
    problems: [],
  };
  const { records, progress } = openCsvFile<Record<string, string>>(file, {
    columns: labelledColumns(
      missingNaptanColumns,
      (missing) =>
        new Error(`${path.basename(file)} lacks NaPTAN's columns: ${missing.join(', ')}`),
    ),
  });
  const live = new Map<string, NaptanStation>();
  for await (const record of records) {
    summary.rows += 1;
    const parsed = parseNaptanRow(record);
    if (!parsed.ok) {
      skipRow(summary, summary.rows + 1, parsed.reason);
    } else if (parsed.change.kind === 'station') {
      live.set(parsed.change.station.atcoCode, parsed.change.station);
    }
    if (summary.rows % 10_000 === 0) onProgress?.(progress(summary.rows));
  }
  onProgress?.(progress(summary.rows));
  summary.stations = live.size;
  if (live.size === 0)
    throw new Error(`${path.basename(file)} lists no live stations; nothing was changed`);

  await db.transaction(async (tx) => {
    const rows = [...live.values()].map((station) => ({ ...station, source: 'naptan' as const }));
    await upsertInBatches(rows, BATCH, (batch) => upsertStations(tx, batch), summary);
    const gone = await tx
      .delete(stations)
      .where(and(eq(stations.source, 'naptan'), notInArray(stations.atcoCode, [...live.keys()])))
      .returning({ atcoCode: stations.atcoCode });
    summary.removed = gone.length;
  });
  return summary;
}
