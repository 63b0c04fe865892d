/** Words for the listing's coded values, shared by the wizard and the property page. */
export const LABELS: Record<string, Record<string, string>> = {
  channel: { sale: 'For sale', rent: 'To rent' },
  tenure: {
    freehold: 'Freehold',
    leasehold: 'Leasehold',
    share_of_freehold: 'Share of freehold',
    commonhold: 'Commonhold',
    shared_ownership: 'Shared ownership',
  },
  councilTaxBand: {
    A: 'Band A',
    B: 'Band B',
    C: 'Band C',
    D: 'Band D',
    E: 'Band E',
    F: 'Band F',
    G: 'Band G',
    H: 'Band H',
    I: 'Band I (Wales)',
    domestic_rates: 'Domestic rates (Northern Ireland)',
  },
  epcRating: {
    A: 'A',
    B: 'B',
    C: 'C',
    D: 'D',
    E: 'E',
    F: 'F',
    G: 'G',
    exempt: 'Exempt',
    pending: 'Pending (commissioned)',
  },
  priceQualifier: {
    guide_price: 'Guide price',
    offers_over: 'Offers over',
    offers_in_region_of: 'Offers in region of',
    fixed_price: 'Fixed price',
    from: 'From',
    poa: 'Price on application',
  },
  rentPeriod: { month: 'Per calendar month', week: 'Per week' },
  furnished: {
    furnished: 'Furnished',
    part_furnished: 'Part furnished',
    unfurnished: 'Unfurnished',
  },
  letType: { long_term: 'Long term', short_term: 'Short term', student: 'Student' },
  status: {
    draft: 'Draft',
    active: 'Available',
    under_offer: 'Under offer',
    sold_stc: 'Sold STC',
    let_agreed: 'Let agreed',
    paused: 'Paused',
    removed: 'Removed',
  },
};

export function labelOf(group: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return LABELS[group]?.[value] ?? value;
}
