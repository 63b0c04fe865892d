import { formatNumber, formatPounds } from '@domain/format';
import { depositCapFor, holdingDepositCapFor } from '@domain/lettings/check-let';
import { isLetNation, LET_RULES_BY_NATION } from '@domain/lettings/rules-by-nation';
import type { PropertyListing } from './property-types';

type Fact = [label: string, value: string];

/**
 * A let's facts as the law of its nation frames them, in plain words: the kind of tenancy, the
 * deposits beside their caps, the landlord's registration number and pets.
 */
export function letLawFacts(listing: PropertyListing): Fact[] {
  const nation = isLetNation(listing.country) ? listing.country : undefined;
  const period = listing.rentPeriod ?? 'month';
  const facts: Fact[] = [];
  if (!nation) {
    if (listing.deposit !== null) facts.push(['Deposit', formatPounds(listing.deposit)]);
    if (listing.holdingDeposit !== null)
      facts.push(['Holding deposit', formatPounds(listing.holdingDeposit)]);
    facts.push(['Pets considered', listing.petsConsidered ? 'Yes' : 'No']);
    return facts;
  }
  const rules = LET_RULES_BY_NATION[nation];
  const contractHolder =
    rules.tenantName === 'tenant' ? '' : `; tenants are '${rules.tenantName}s'`;
  facts.push(['Tenancy', `${rules.tenancyName}${contractHolder}`]);
  if (listing.deposit !== null) {
    const cap = depositCapFor(nation, listing.price, period);
    facts.push([
      'Deposit',
      cap
        ? `${formatPounds(listing.deposit)} (the most allowed in ${nation} at this rent is £${formatNumber(cap.max)}: ${cap.description})`
        : `${formatPounds(listing.deposit)} (${nation} sets no cap on the deposit)`,
    ]);
  }
  if (listing.holdingDeposit !== null) {
    const cap = holdingDepositCapFor(nation, listing.price, period);
    facts.push([
      'Holding deposit',
      cap !== null
        ? `${formatPounds(listing.holdingDeposit)} (at most £${formatNumber(cap)}: one week's rent)`
        : formatPounds(listing.holdingDeposit),
    ]);
  }
  if (rules.registration && listing.registrationNumber) {
    const pending = listing.registrationNumber === rules.registration.pendingWording;
    facts.push([
      rules.registration.label,
      pending ? 'Landlord registration pending' : listing.registrationNumber,
    ]);
  }
  facts.push([
    'Pets',
    rules.petsOnRequest
      ? 'Considered on request: tenants may ask to keep a pet'
      : listing.petsConsidered
        ? 'Considered'
        : 'Not considered',
  ]);
  return facts;
}
