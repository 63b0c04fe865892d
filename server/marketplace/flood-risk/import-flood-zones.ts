import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import * as shapefile from 'shapefile';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import type { Database } from '../../../db/client.ts';
import {
  crsOfMember,
  crsOfPrj,
  parseFloodZoneFeature,
  type FloodZonesCrs,
  type PolygonRings,
  type Ring,
  type ToLngLat,
} from '../../../domain/flood-risk/flood-zone-feature.ts';
import type { ImportProgress } from '../open-data/import-progress.ts';
import { gridToLngLat } from '../../../domain/geo/british-national-grid.ts';
import { floodZones } from './schema.ts';

export interface FloodZonesImportSummary {
  crs: FloodZonesCrs;
  /** Features read from the file. */
  features: number;
  /** Polygons stored: a MultiPolygon feature gives one for each of its parts. */
  polygons: number;
  skipped: number;
  /** The first few features that could not be used, by position in the file (from 1), and why. */
  problems: { feature: number; reason: string }[];
  /** Polygons of the previous import that this one replaced. */
  replaced: number;
}

/** A polygon ready to store: its zone, the publisher's fields and its rings. */
export interface FloodZonePolygon {
  source: 'environment-agency' | 'demo';
  zone: 2 | 3;
  featureId: string | null;
  floodSource: string | null;
  origin: string | null;
  rings: PolygonRings;
}

const BATCH_VERTICES = 200_000;
const MAX_PROBLEMS = 10;

/** A ring in PostgreSQL's polygon text form, '((x,y),…)', x the longitude. */
const polygonText = (ring: Ring) => `(${ring.map(([x, y]) => `(${x},${y})`).join(',')})`;

/**
 * Stores polygons as `flood_zones` rows; the bounding box is worked out by the database. The batch
 * travels as one JSON parameter, as the sold-prices importer's does.
 */
export async function insertFloodZonePolygons(db: Database, polygons: FloodZonePolygon[]) {
  if (polygons.length === 0) return;
  const json = JSON.stringify(
    polygons.map(({ rings: [outer, ...holes], ...fields }) => ({
      source: fields.source,
      zone: fields.zone,
      feature_id: fields.featureId,
      flood_source: fields.floodSource,
      origin: fields.origin,
      outline: polygonText(outer!),
      holes: holes.map(polygonText),
      vertices: outer!.length + holes.reduce((sum, hole) => sum + hole.length, 0),
    })),
  );
  await db.execute(sql`
    insert into ${floodZones} (source, zone, feature_id, flood_source, origin, outline, holes, bbox, vertices)
    select source, zone, feature_id, flood_source, origin, outline::polygon, holes::polygon[],
           box(outline::polygon), vertices
    from json_to_recordset(${json}::json) as r(
      source text, zone smallint, feature_id text, flood_source text, origin text,
      outline text, holes text[], vertices integer)`);
}

/** The file's top-level `crs` member (if any) and then its features, one at a time. */
async function* geoJsonParts(file: string, onBytes: (bytes: number) => void) {
  const input = fs.createReadStream(file);
  input.on('data', (chunk) => onBytes(chunk.length));
  const values = streamValues.asStream();
  pipeline(
    input,
    parser.asStream(),
    pick.asStream({ filter: /^(crs|features\.\d+)$/ }),
    values,
    () => {},
  );
  for await (const { value } of values as AsyncIterable<{ value: unknown }>) yield value;
}

/**
 * A shapefile's coordinate system (from the `.prj` beside it, as a `crs` member) and then its
 * features with their `.dbf` attributes, one at a time. Progress is told by records read against
 * the count the `.shx` index gives (100 bytes of header, then 8 a record).
 */
async function* shapefileParts(file: string, onBytes: (bytes: number) => void) {
  const beside = (extension: string) => file.replace(/\.shp$/i, extension);
  const prj = beside('.prj');
  if (!fs.existsSync(prj))
    throw new Error(
      `No ${path.basename(prj)} beside the shapefile: its coordinate system is unknown.`,
    );
  const crs = crsOfPrj(fs.readFileSync(prj, 'utf8'));
  if (!crs)
    throw new Error(
      `Unsupported coordinate system in ${path.basename(prj)}: use EPSG:27700 or WGS84.`,
    );
  yield { type: 'name', properties: { name: crs === 'wgs84' ? 'CRS84' : 'EPSG:27700' } };
  const totalBytes = fs.statSync(file).size;
  const shx = beside('.shx');
  const records = fs.existsSync(shx) ? Math.max(1, (fs.statSync(shx).size - 100) / 8) : Infinity;
  const source = await shapefile.open(file, beside('.dbf'), { encoding: 'utf-8' });
  let read = 0;
  for (let next = await source.read(); !next.done; next = await source.read()) {
    read += 1;
    onBytes(Math.floor(totalBytes / records));
    yield next.value;
  }
  onBytes(totalBytes - Math.floor(totalBytes / records) * read);
}

const isCrsMember = (value: unknown) => (value as { type?: unknown })?.type === 'name';

/**
 * Replaces the Environment Agency's flood zones with those of an export of the Flood Map for
 * Planning's flood zones layer: GeoJSON (British National Grid with a `crs` member, as GDAL
 * writes it, or WGS84) or a shapefile (`.shp` with its `.dbf`, `.shx` and `.prj`). The EA republishes the whole dataset, so the old polygons are deleted and the new
 * ones stored in one transaction: a reader sees the old set or the new, never a mix, and a
 * failed import leaves the old in place. Importing the same file again gives the same zones.
 */
export async function importFloodZones(
  db: Database,
  file: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<FloodZonesImportSummary> {
  const totalBytes = fs.statSync(file).size;
  let bytesRead = 0;
  const summary: FloodZonesImportSummary = {
    crs: 'wgs84',
    features: 0,
    polygons: 0,
    skipped: 0,
    problems: [],
    replaced: 0,
  };
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(floodZones)
      .where(eq(floodZones.source, 'environment-agency'))
      .returning({ id: floodZones.id });
    summary.replaced = removed.length;
    let toLngLat: ToLngLat = (x, y) => [x, y];
    let batch: FloodZonePolygon[] = [];
    let vertices = 0;
    const flush = async () => {
      await insertFloodZonePolygons(tx, batch);
      batch = [];
      vertices = 0;
      onProgress?.({ bytesRead, totalBytes, rows: summary.features });
    };
    const parts = /\.shp$/i.test(file) ? shapefileParts : geoJsonParts;
    for await (const value of parts(file, (bytes) => (bytesRead += bytes))) {
      if (isCrsMember(value)) {
        if (summary.features > 0) throw new Error('The crs member comes after the features.');
        const crs = crsOfMember(value);
        if (!crs)
          throw new Error(`Unsupported crs ${JSON.stringify(value)}: use EPSG:27700 or WGS84.`);
        summary.crs = crs;
        if (crs === 'british-national-grid') toLngLat = gridToLngLat;
        continue;
      }
      summary.features += 1;
      const feature = parseFloodZoneFeature(value, toLngLat);
      if (!feature.ok) {
        summary.skipped += 1;
        if (summary.problems.length < MAX_PROBLEMS)
          summary.problems.push({ feature: summary.features, reason: feature.reason });
        continue;
      }
      const { polygons, ok: _ok, ...fields } = feature;
      for (const rings of polygons) {
        batch.push({ ...fields, source: 'environment-agency', rings });
        vertices += rings.reduce((sum, ring) => sum + ring.length, 0);
        summary.polygons += 1;
      }
      if (vertices >= BATCH_VERTICES) await flush();
    }
    await flush();
  });
  return summary;
}
