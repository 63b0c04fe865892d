/**
 * Flood zones for planning, as the Environment Agency's Flood Map for Planning (Rivers and Sea)
 * defines them for England: Zone 3 high probability, Zone 2 medium, and Zone 1 low — all land
 * outside Zones 2 and 3, which the map does not draw as polygons.
 */
export type FloodZone = 1 | 2 | 3;

/** The credit the Environment Agency asks for wherever its flood zones are shown. */
export const FLOOD_ZONES_ATTRIBUTION =
  '© Environment Agency copyright and/or database right. All rights reserved. Licensed under the Open Government Licence v3.0.';

/** GOV.UK's address-level service, which accounts for defences and surface water. */
export const CHECK_LONG_TERM_FLOOD_RISK_URL = 'https://www.gov.uk/check-long-term-flood-risk';

export const FLOOD_ZONE_LABELS: Record<FloodZone, { title: string; probability: string }> = {
  3: {
    title: 'Flood Zone 3',
    probability:
      'High probability: a 1 in 100 or greater chance of flooding from rivers each year, or 1 in 200 or greater from the sea.',
  },
  2: {
    title: 'Flood Zone 2',
    probability:
      'Medium probability: between a 1 in 100 and 1 in 1,000 chance of flooding from rivers each year, or between 1 in 200 and 1 in 1,000 from the sea.',
  },
  1: {
    title: 'Flood Zone 1',
    probability:
      'Low probability: less than a 1 in 1,000 chance of flooding from rivers or the sea each year.',
  },
};

/** The zone a feature's `flood_zone` code names ('FZ2', 'FZ3'), or undefined for anything else. */
export function zoneFromCode(code: unknown): 2 | 3 | undefined {
  if (typeof code !== 'string') return undefined;
  const normal = code.trim().toUpperCase();
  return normal === 'FZ3' ? 3 : normal === 'FZ2' ? 2 : undefined;
}

/** Who maps flood risk where the Environment Agency does not, by Roost's country names. */
export const OTHER_NATION_FLOOD_MAPS: Record<string, { publisher: string; url: string }> = {
  Wales: {
    publisher: 'Natural Resources Wales',
    url: 'https://naturalresources.wales/flooding/check-your-flood-risk-by-postcode/',
  },
  Scotland: {
    publisher: 'the Scottish Environment Protection Agency (SEPA)',
    url: 'https://www.sepa.org.uk/environment/water/flooding/flood-maps/',
  },
  'Northern Ireland': {
    publisher: 'the Department for Infrastructure (DfI) Rivers',
    url: 'https://www.infrastructure-ni.gov.uk/topics/rivers-and-flooding',
  },
};
