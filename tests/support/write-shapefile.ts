// Writes GeoJSON polygon features as an ESRI shapefile (.shp, .shx, .dbf, .prj), as ArcGIS and
// GDAL do (ESRI Shapefile Technical Description, 1998; dBase III for the attributes), so the
// importer's shapefile path is tested on the format itself without shipping binary fixtures.
import fs from 'node:fs';

/** The `.prj` ArcGIS writes for British National Grid. */
export const BRITISH_NATIONAL_GRID_PRJ =
  'PROJCS["British_National_Grid",GEOGCS["GCS_OSGB_1936",DATUM["D_OSGB_1936",SPHEROID["Airy_1849",6377563.396,299.3249646]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",400000.0],PARAMETER["False_Northing",-100000.0],PARAMETER["Central_Meridian",-2.0],PARAMETER["Scale_Factor",0.9996012717],PARAMETER["Latitude_Of_Origin",49.0],UNIT["Meter",1.0]]';

interface PolygonFeature {
  properties: Record<string, string | number | null>;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown } | null;
}
type Field = { name: string; type: 'C' | 'N'; length: number };

function header(fileCode: number, words: number, box: number[]) {
  const head = Buffer.alloc(100);
  head.writeInt32BE(fileCode, 0);
  head.writeInt32BE(words, 24);
  head.writeInt32LE(1000, 28);
  head.writeInt32LE(5, 32); // polygon
  box.forEach((value, i) => head.writeDoubleLE(value, 36 + 8 * i));
  return head;
}

/** One record's content: a polygon's rings as parts, or a null shape. */
function shapeContent(geometry: PolygonFeature['geometry']) {
  if (!geometry) return Buffer.from([0, 0, 0, 0]);
  const rings = (
    geometry.type === 'Polygon'
      ? (geometry.coordinates as number[][][])
      : (geometry.coordinates as number[][][][]).flat()
  ) as number[][][];
  const points = rings.flat();
  const xs = points.map(([x]) => x!);
  const ys = points.map(([, y]) => y!);
  const content = Buffer.alloc(44 + 4 * rings.length + 16 * points.length);
  content.writeInt32LE(5, 0);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) =>
    content.writeDoubleLE(v, 4 + 8 * i),
  );
  content.writeInt32LE(rings.length, 36);
  content.writeInt32LE(points.length, 40);
  let start = 0;
  rings.forEach((ring, i) => {
    content.writeInt32LE(start, 44 + 4 * i);
    start += ring.length;
  });
  const at = 44 + 4 * rings.length;
  points.forEach(([x, y], i) => {
    content.writeDoubleLE(x!, at + 16 * i);
    content.writeDoubleLE(y!, at + 16 * i + 8);
  });
  return content;
}

function dbf(features: PolygonFeature[], fields: Field[]) {
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const out = Buffer.alloc(headerLength + recordLength * features.length + 1, 0x20);
  out.fill(0, 0, headerLength);
  out.writeUInt8(3, 0);
  out.writeUInt8(125, 1); // 2025
  out.writeUInt8(1, 2);
  out.writeUInt8(1, 3);
  out.writeUInt32LE(features.length, 4);
  out.writeUInt16LE(headerLength, 8);
  out.writeUInt16LE(recordLength, 10);
  fields.forEach((field, i) => {
    out.write(field.name, 32 + 32 * i, 'ascii');
    out.write(field.type, 32 + 32 * i + 11, 'ascii');
    out.writeUInt8(field.length, 32 + 32 * i + 16);
  });
  out.writeUInt8(0x0d, headerLength - 1);
  features.forEach((feature, row) => {
    let at = headerLength + row * recordLength + 1;
    for (const field of fields) {
      const value = String(feature.properties[field.name] ?? '');
      out.write(field.type === 'N' ? value.padStart(field.length) : value, at, 'ascii');
      at += field.length;
    }
  });
  out.writeUInt8(0x1a, out.length - 1);
  return out;
}

/** Writes `base`.shp/.shx/.dbf/.prj; a DBF field name longer than ten characters is cut, as GDAL does. */
export function writeShapefile(base: string, features: PolygonFeature[], prj: string) {
  const contents = features.map((feature) => shapeContent(feature.geometry));
  const shpWords = 50 + contents.reduce((sum, content) => sum + 4 + content.length / 2, 0);
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const content of contents.filter((c) => c.length > 4))
    for (let i = 0; i < 4; i += 1) {
      const value = content.readDoubleLE(4 + 8 * i);
      box[i] = i < 2 ? Math.min(box[i]!, value) : Math.max(box[i]!, value);
    }
  const shp = [header(9994, shpWords, box)];
  const shx = [header(9994, 50 + 4 * features.length, box)];
  let offset = 50;
  contents.forEach((content, i) => {
    const record = Buffer.alloc(8);
    record.writeInt32BE(i + 1, 0);
    record.writeInt32BE(content.length / 2, 4);
    shp.push(record, content);
    const index = Buffer.alloc(8);
    index.writeInt32BE(offset, 0);
    index.writeInt32BE(content.length / 2, 4);
    shx.push(index);
    offset += 4 + content.length / 2;
  });
  const shortened = features.map((feature) => ({
    ...feature,
    properties: Object.fromEntries(
      Object.entries(feature.properties).map(([name, value]) => [name.slice(0, 10), value]),
    ),
  }));
  const fields: Field[] = Object.entries(features[0]?.properties ?? {}).map(([name, value]) => ({
    name: name.slice(0, 10),
    type: typeof value === 'number' ? 'N' : 'C',
    length: 20,
  }));
  fs.writeFileSync(`${base}.shp`, Buffer.concat(shp));
  fs.writeFileSync(`${base}.shx`, Buffer.concat(shx));
  fs.writeFileSync(`${base}.dbf`, dbf(shortened, fields));
  fs.writeFileSync(`${base}.prj`, prj);
}
