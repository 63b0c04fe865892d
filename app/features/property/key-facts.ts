import { formatDate, formatPounds, formatPropertyType } from '@domain/format';
import { labelOf, LABELS } from '@domain/labels';
import { formatArea, squareMetresFromSquareFeet } from '@domain/units';
import { letLawFacts } from './let-law-facts';
import type { PropertyListing } from './property-types';

type Fact = [label: string, value: string];

const perYear = (pounds: number) => `${formatPounds(pounds)} a year`;

/** '1,050 sq ft (98 m²)'. */
function floorArea(sqFt: number): string {
  return formatArea(squareMetresFromSquareFeet(sqFt));
}

/** Tenure, costs and energy: the facts a buyer or tenant weighs beside the price. */
function ownershipFacts(listing: PropertyListing): Fact[] {
  const facts: Fact[] = [];
  if (listing.tenure) facts.push(['Tenure', labelOf('tenure', listing.tenure)]);
  if (listing.leaseYearsRemaining !== null)
    facts.push(['Lease remaining', `${listing.leaseYearsRemaining} years`]);
  if (listing.groundRentPerYear !== null)
    facts.push(['Ground rent', perYear(listing.groundRentPerYear)]);
  if (listing.serviceChargePerYear !== null)
    facts.push(['Service charge', perYear(listing.serviceChargePerYear)]);
  if (listing.councilTaxBand) {
    const isRates = listing.councilTaxBand === 'domestic_rates';
    facts.push([
      isRates ? 'Domestic rates' : 'Council tax',
      isRates && listing.domesticRatesPerYear !== null
        ? perYear(listing.domesticRatesPerYear)
        : labelOf('councilTaxBand', listing.councilTaxBand),
    ]);
  }
  if (listing.epcRating) facts.push(['EPC rating', labelOf('epcRating', listing.epcRating)]);
  return facts;
}

/** Deposits, furnishing and the terms of a let. */
function rentFacts(listing: PropertyListing): Fact[] {
  const facts: Fact[] = [];
  if (listing.furnished) facts.push(['Furnishing', labelOf('furnished', listing.furnished)]);
  if (listing.letType) facts.push(['Let type', labelOf('letType', listing.letType)]);
  facts.push(['Available from', listing.availableFrom ? formatDate(listing.availableFrom) : 'Now']);
  facts.push(['Bills included', listing.billsIncluded ? 'Yes' : 'No']);
  facts.push(...letLawFacts(listing));
  return facts;
}

/** The 'Key facts' list, in the order the page shows it; facts not given are left out. */
export function keyFactsOf(listing: PropertyListing): Fact[] {
  const facts: Fact[] = [
    ['Property type', formatPropertyType(listing.propertyType)],
    ['Bedrooms', String(listing.bedrooms)],
    ['Bathrooms', String(listing.bathrooms)],
    ['Reception rooms', String(listing.receptions)],
  ];
  if (listing.floorAreaSqFt) facts.push(['Floor area', floorArea(listing.floorAreaSqFt)]);
  facts.push(...ownershipFacts(listing));
  if (listing.channel === 'rent') facts.push(...rentFacts(listing));
  if (listing.features.length > 0) {
    facts.push(['Features', listing.features.map((feature) => LABELS.feature[feature]).join(', ')]);
  }
  if (listing.publishedAt) facts.push(['Added', formatDate(listing.publishedAt)]);
  return facts;
}
