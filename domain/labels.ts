import type { ContactTopic } from './contact/contact-topics.ts';
import type {
  FurnishedState,
  LetType,
  ListingChannel,
  ListingFeature,
  ListingStatus,
  PropertyTypeValue,
  RentPeriod,
} from './listing/enums.ts';
import type { ModerationDecision, ModerationOutcome } from './moderation/moderation-decision.ts';
import type { AlertFrequency } from './search/alert-frequencies.ts';
import type { ReportReason } from './report/report-schema.ts';
import type { ViewingPeriod } from './enquiry/viewing-times.ts';

/**
 * The words for every coded value Roost shows: one table, used by forms, pages, e-mails and the
 * API documentation alike.
 */
export const LABELS = {
  channel: { sale: 'For sale', rent: 'To rent' } satisfies Record<ListingChannel, string>,
  propertyType: {
    detached: 'Detached house',
    semi_detached: 'Semi-detached house',
    terraced: 'Terraced house',
    end_of_terrace: 'End of terrace house',
    flat: 'Flat',
    maisonette: 'Maisonette',
    bungalow: 'Bungalow',
    cottage: 'Cottage',
    land: 'Land',
    park_home: 'Park home',
    other: 'Property',
  } satisfies Record<PropertyTypeValue, string>,
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
  rentPeriod: { month: 'Per calendar month', week: 'Per week' } satisfies Record<
    RentPeriod,
    string
  >,
  furnished: {
    furnished: 'Furnished',
    part_furnished: 'Part furnished',
    unfurnished: 'Unfurnished',
  } satisfies Record<FurnishedState, string>,
  letType: {
    long_term: 'Long term',
    short_term: 'Short term',
    student: 'Student',
  } satisfies Record<LetType, string>,
  status: {
    draft: 'Draft',
    active: 'Available',
    under_offer: 'Under offer',
    sold_stc: 'Sold STC',
    let_agreed: 'Let agreed',
    paused: 'Paused',
    removed: 'Removed',
  } satisfies Record<ListingStatus, string>,
  feature: {
    garden: 'Garden',
    parking: 'Parking',
    new_build: 'New build',
    retirement: 'Retirement home',
    shared_ownership: 'Shared ownership',
    auction: 'Auction',
  } satisfies Record<ListingFeature, string>,
  reportReason: {
    scam: 'Scam or fraud (for example, asks for money before a viewing)',
    unavailable: 'Already sold or let',
    wrong_information: 'Wrong price or information',
    offensive: 'Offensive content',
    duplicate: 'Duplicate listing',
    discrimination: 'Discriminatory wording',
    other: 'Something else',
  } satisfies Record<ReportReason, string>,
  moderationDecision: {
    dismiss: 'Dismiss the reports (the listing stays as it is)',
    pause: 'Pause the listing until the lister makes changes',
    remove: 'Remove the listing from Roost',
  } satisfies Record<ModerationDecision, string>,
  moderationOutcome: {
    dismissed: 'Reports dismissed',
    paused: 'Listing paused',
    removed: 'Listing removed',
  } satisfies Record<ModerationOutcome, string>,
  alertFrequency: {
    instant: 'As soon as they are added',
    daily: 'Daily',
    weekly: 'Weekly',
  } satisfies Record<AlertFrequency, string>,
  viewingPeriod: {
    morning: 'Morning (9am to 12 noon)',
    afternoon: 'Afternoon (12 noon to 5pm)',
    evening: 'Evening (5pm to 8pm)',
  } satisfies Record<ViewingPeriod, string>,
  contactTopic: {
    general: 'General question',
    listing: 'Help with my listing',
    account: 'My account or signing in',
    report: 'Report a concern about a listing or user',
    press: 'Press and partnerships',
  } satisfies Record<ContactTopic, string>,
} as const;

export type LabelGroup = keyof typeof LABELS;

/** The words for a coded value; the value itself when the table has none, '' for no value. */
export function labelOf(group: LabelGroup, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return (LABELS[group] as Record<string, string>)[value] ?? value;
}

/** `[value, label]` pairs in the table's order, for a select or a group of checkboxes. */
export function optionsOf<G extends LabelGroup>(
  group: G,
): [keyof (typeof LABELS)[G] & string, string][] {
  return Object.entries(LABELS[group]) as [keyof (typeof LABELS)[G] & string, string][];
}
