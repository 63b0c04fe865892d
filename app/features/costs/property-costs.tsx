import { Link } from 'react-router';
import { isNation, stampDutyName } from '@domain/costs/stamp-duty';
import { monthlyRentOf } from '@domain/costs/rent-affordability';
import { MortgageCalculator, mortgageDefaults } from './mortgage-calculator';
import { RentAffordabilityHint } from './rent-affordability-hint';
import { StampDutyCalculator } from './stamp-duty-calculator';

interface CostsListing {
  channel: 'sale' | 'rent';
  price: number;
  rentPeriod: 'month' | 'week' | null;
  country: string;
}

/** The costs of buying (tax and mortgage) on a sale; the income referencing asks for on a let. */
export function PropertyCosts({ listing }: { listing: CostsListing }) {
  if (listing.channel === 'rent') {
    return <RentAffordabilityHint monthlyRent={monthlyRentOf(listing.price, listing.rentPeriod)} />;
  }
  const nation = isNation(listing.country) ? listing.country : 'England';
  return (
    <section aria-labelledby="buying-costs" className="calculator-section">
      <h2 id="buying-costs">Buying costs</h2>
      <h3 id="stamp-duty">{stampDutyName(nation)}</h3>
      <p className="calculator__note">
        This home is in {nation}. <Link to="/tools/stamp-duty">Stamp duty calculator</Link> for
        other prices and places.
      </p>
      <StampDutyCalculator
        idPrefix="sd"
        isNationFixed
        initial={{ price: String(listing.price), nation, buyer: 'mover', isNonResident: false }}
      />
      <h3 id="mortgage">Mortgage payments</h3>
      <MortgageCalculator idPrefix="mortgage" initial={mortgageDefaults(listing.price)} />
    </section>
  );
}
