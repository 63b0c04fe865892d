/** The material information a listing states (National Trading Standards parts A–C). */
export const MATERIAL_FIELDS = [
  ['construction', 'Construction', 'For example: standard brick and tile'],
  ['electricity', 'Electricity supply', 'For example: mains'],
  ['water', 'Water supply', 'For example: mains'],
  ['sewerage', 'Sewerage', 'For example: mains drainage'],
  ['heating', 'Heating', 'For example: gas central heating'],
  ['broadband', 'Broadband', 'For example: FTTP up to 900 Mbps'],
  ['mobileSignal', 'Mobile signal', 'For example: good indoors on all networks'],
  ['parking', 'Parking', 'For example: driveway for two cars'],
  ['floodRisk', 'Flood risk', 'For example: very low; never flooded'],
  ['buildingSafety', 'Building safety', 'For example: no known cladding issues'],
  ['restrictions', 'Restrictions', 'For example: conservation area, listed building, covenants'],
  ['rights', 'Rights and easements', 'For example: shared driveway, public footpath'],
  ['accessibility', 'Accessibility', 'For example: level access, ground-floor bedroom'],
] as const;
export type MaterialField = (typeof MATERIAL_FIELDS)[number][0];
export type MaterialInformation = Partial<Record<MaterialField, string>>;

export interface TourLink {
  kind: 'video' | 'tour';
  url: string;
  title: string;
}
