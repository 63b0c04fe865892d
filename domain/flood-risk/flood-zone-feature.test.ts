import { describe, expect, it } from 'vitest';
import {
  crsOfMember,
  crsOfPrj,
  parseFloodZoneFeature,
  type ToLngLat,
} from './flood-zone-feature.ts';
import { zoneFromCode } from './flood-zones.ts';

const same: ToLngLat = (x, y) => [x, y];
const square = (west: number, south: number, side: number) => [
  [west, south],
  [west, south + side],
  [west + side, south + side],
  [west + side, south],
  [west, south],
];
const feature = (properties: Record<string, unknown>, geometry: unknown) => ({
  type: 'Feature',
  properties,
  geometry,
});

describe('the crs member', () => {
  it('names British National Grid as GDAL and OGC write it, and WGS84 otherwise', () => {
    const named = (name: string) => ({ type: 'name', properties: { name } });
    expect(crsOfMember(named('urn:ogc:def:crs:EPSG::27700'))).toBe('british-national-grid');
    expect(crsOfMember(named('EPSG:27700'))).toBe('british-national-grid');
    expect(crsOfMember(named('urn:ogc:def:crs:OGC:1.3:CRS84'))).toBe('wgs84');
    expect(crsOfMember(named('urn:ogc:def:crs:EPSG::4326'))).toBe('wgs84');
    expect(crsOfMember(undefined)).toBe('wgs84');
    expect(crsOfMember(named('urn:ogc:def:crs:EPSG::3857'))).toBeUndefined();
  });
});

describe("a shapefile's .prj", () => {
  it('names British National Grid as ArcGIS writes it, or plain WGS84', () => {
    expect(
      crsOfPrj('PROJCS["British_National_Grid",GEOGCS["GCS_OSGB_1936",DATUM["D_OSGB_1936"]]]'),
    ).toBe('british-national-grid');
    expect(crsOfPrj('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984"]]')).toBe('wgs84');
    expect(
      crsOfPrj('PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",GEOGCS["GCS_WGS_1984"]]'),
    ).toBeUndefined();
  });
});

describe('a flood zones feature', () => {
  it('reads the zone from flood_zone, FZ2 or FZ3 only', () => {
    expect(zoneFromCode('FZ3')).toBe(3);
    expect(zoneFromCode(' fz2 ')).toBe(2);
    expect(zoneFromCode('Flood Zone 3')).toBeUndefined();
    expect(zoneFromCode(3)).toBeUndefined();
  });

  it('splits a MultiPolygon into polygons, keeping holes and the publisher’s fields', () => {
    const parsed = parseFloodZoneFeature(
      feature(
        { OBJECTID: 12, flood_zone: 'FZ3', flood_source: 'River', origin: 'Modelled' },
        {
          type: 'MultiPolygon',
          coordinates: [[square(-1, 53, 0.1), square(-0.98, 53.02, 0.02)], [square(-0.5, 53, 0.1)]],
        },
      ),
      same,
    );
    expect(parsed).toMatchObject({
      ok: true,
      zone: 3,
      featureId: '12',
      floodSource: 'River',
      origin: 'Modelled',
    });
    expect(parsed.ok && parsed.polygons.map((rings) => rings.length)).toEqual([2, 1]);
  });

  it('converts every position with the given projection', () => {
    const parsed = parseFloodZoneFeature(
      feature({ flood_zone: 'FZ2' }, { type: 'Polygon', coordinates: [square(10, 20, 1)] }),
      (x, y) => [-1 + x / 100, 50 + y / 100],
    );
    expect(parsed.ok && parsed.polygons[0]![0]![0]).toEqual([-0.9, 50.2]);
  });

  it('gives a reason for what it cannot use', () => {
    const reason = (raw: unknown) => {
      const parsed = parseFloodZoneFeature(raw, same);
      return parsed.ok ? 'ok' : parsed.reason;
    };
    const polygon = { type: 'Polygon', coordinates: [square(-1, 53, 0.1)] };
    expect(reason(feature({ flood_zone: 'FZ1' }, polygon))).toBe(
      'flood_zone is "FZ1", not FZ2 or FZ3',
    );
    expect(reason(feature({ flood_zone: 'FZ3' }, { type: 'Point', coordinates: [-1, 53] }))).toBe(
      'geometry is Point, not a Polygon or MultiPolygon',
    );
    expect(
      reason(
        feature(
          { flood_zone: 'FZ3' },
          { type: 'Polygon', coordinates: [square(460000, 451000, 100)] },
        ),
      ),
    ).toMatch(/outside England/);
    expect(
      reason(
        feature(
          { flood_zone: 'FZ3' },
          { type: 'Polygon', coordinates: [square(-1, 53, 0.1).slice(0, 4)] },
        ),
      ),
    ).toBe('a ring that is not closed');
    expect(
      reason(
        feature(
          { flood_zone: 'FZ3' },
          {
            type: 'Polygon',
            coordinates: [
              [
                [-1, 53],
                [-1, 53.1],
                [-1, 53],
              ],
            ],
          },
        ),
      ),
    ).toBe('a ring with fewer than four positions');
  });
});
