import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  member,
  photo,
  useListingWorld,
  type ListingWorld,
} from '../../../tests/support/listing-world.ts';
import { suggestMaterialInfo } from '../area-facts/suggest-material-info.ts';
import { broadbandRow, upsertBroadband } from '../broadband/import-broadband.ts';
import { insertFloodZonePolygons } from '../flood-risk/import-flood-zones.ts';
import type { Marketplace } from '../marketplace.ts';

/**
 * The material step's broadband, suggested from Ofcom's figures at the draft's postcode: the
 * server decides whether the listing states the data or the lister's own words (with a reason).
 */
let world: ListingWorld;
let marketplace: Marketplace;
useListingWorld((made) => ({ marketplace } = world = made));

const lister = member('materiallister');
const OFCOM_TEXT = 'Ultrafast (300 Mbit/s+) available to 80% of premises in this postcode';

beforeAll(async () => {
  // The wizard's test home is at LS6 2AB (tests/support/listing-world.ts).
  await upsertBroadband(world.database.db, [
    broadbandRow(
      {
        postcode: 'LS6 2AB',
        superfastPct: 100,
        ultrafast100Pct: 90,
        ultrafastPct: 80,
        gigabitPct: 0,
        fullFibrePct: null,
        below10Pct: 0,
        below30Pct: 0,
      },
      '2025-07-01',
      'ofcom',
    ),
  ]);
});

/** Publishes the test flat with these material-step fields; the error if it is refused. */
async function publishWith(material: Record<string, unknown>) {
  return world.publishThroughWizard(lister, {
    photos: [await photo()],
    fieldsOf: (step, fields) => (step === 4 ? { ...fields, ...material } : fields),
  });
}

describe('material information from open data', () => {
  it('suggests the broadband Ofcom reports at the draft’s postcode, and nothing before one', async () => {
    const draft = await marketplace.listings.startDraft({ user: lister, clientIp: '192.0.2.1' });
    expect(
      await marketplace.listings.materialSuggestions({ user: lister, draftId: draft.id }),
    ).toEqual([]);
    await marketplace.listings.saveDraftStep({
      user: lister,
      draftId: draft.id,
      step: 2,
      fields: { addressLine1: '12 Victoria Road', town: 'Leeds', postcode: 'ls6 2ab' },
    });
    expect(
      await marketplace.listings.materialSuggestions({ user: lister, draftId: draft.id }),
    ).toEqual([
      {
        field: 'broadband',
        text: OFCOM_TEXT,
        source: 'Ofcom Connected Nations',
        asOf: '2025-07-01',
        isDemo: false,
      },
    ]);
  });

  it('records the data as the source when the listing keeps its words', async () => {
    const { id } = await publishWith({ materialInfo: { broadband: OFCOM_TEXT } });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing!.materialInfo.broadband).toBe(OFCOM_TEXT);
    expect(listing!.materialSources).toEqual({
      broadband: {
        from: 'data',
        source: 'Ofcom Connected Nations',
        asOf: '2025-07-01',
        isDemo: false,
      },
    });
  });

  it('refuses other words without a reason, at the step and at publishing', async () => {
    const refused = await expectAppError(
      publishWith({ materialInfo: { broadband: 'FTTP up to 900 Mbps' } }),
      'VALIDATION_FAILED',
    );
    expect(refused.fields).toEqual({
      'materialReasons.broadband':
        'Say why this differs from the Ofcom Connected Nations data, or use its wording',
    });
  });

  it('keeps the lister’s words, their reason and what the data said, and gives the reason back to edit', async () => {
    const { id } = await publishWith({
      materialInfo: { broadband: 'FTTP up to 900 Mbps' },
      materialReasons: { broadband: 'Full fibre was connected in March' },
    });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing!.materialSources.broadband).toEqual({
      from: 'lister',
      reason: 'Full fibre was connected in March',
      dataText: OFCOM_TEXT,
      source: 'Ofcom Connected Nations',
      asOf: '2025-07-01',
      isDemo: false,
    });
    const edit = await marketplace.listings.startEdit({ user: lister, listingId: id });
    expect(edit.data.materialReasons).toEqual({ broadband: 'Full fibre was connected in March' });

    // An API update that drops the reason is refused; the listing keeps what it had.
    await expectAppError(
      marketplace.listings.update({
        user: lister,
        listingId: id,
        input: { materialReasons: {} },
      }),
      'VALIDATION_FAILED',
    );
    expect(
      (await marketplace.listings.get({ listingId: id }))!.materialSources.broadband?.from,
    ).toBe('lister');
  });

  it('suggests the flood zone only where the home is placed by its own postcode, in England', async () => {
    const { db } = world.database;
    // A Zone 3 square around a point in Leeds (x is the longitude).
    const square: [number, number][] = [
      [-1.58, 53.81],
      [-1.56, 53.81],
      [-1.56, 53.83],
      [-1.58, 53.83],
      [-1.58, 53.81],
    ];
    await insertFloodZonePolygons(db, [
      {
        source: 'environment-agency',
        zone: 3,
        featureId: '1',
        floodSource: null,
        origin: null,
        rings: [square],
      },
    ]);
    const leeds = { postcode: 'LS6 2AB', lat: 53.82, lng: -1.57 };
    const precise = await suggestMaterialInfo(db, leeds);
    expect(precise.find((suggestion) => suggestion.field === 'floodRisk')).toMatchObject({
      text: expect.stringMatching(/^Flood Zone 3 \(rivers and the sea\)\. High probability/),
      source: 'Environment Agency Flood Map for Planning',
      asOf: new Date().toISOString().slice(0, 10),
      isDemo: false,
    });
    // Placed by its sector's centre: no zone suggested, as that centre may be in another.
    const approximate = await suggestMaterialInfo(db, { ...leeds, isApproximate: true });
    expect(approximate.map((suggestion) => suggestion.field)).toEqual(['broadband']);
    // Outside the zone: Zone 1 (zones are loaded, and none covers it).
    const outside = await suggestMaterialInfo(db, { ...leeds, lat: 53.9 });
    expect(outside.find((suggestion) => suggestion.field === 'floodRisk')?.text).toMatch(
      /^Flood Zone 1 /,
    );
  });
});
