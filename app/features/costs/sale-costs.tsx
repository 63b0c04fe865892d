import { Link } from 'react-router';
import { isNation, stampDutyName } from '@domain/costs/stamp-duty';
import { MortgageCalculator, mortgageDefaults } from './mortgage-calculator';
import { StampDutyCalculator } from './stamp-duty-calculator';

/** The costs of buying a home for sale: the tax on its price, and the mortgage payments. */
export default function SaleCosts({ price, country }: { price: number; country: string }) {
  const nation = isNation(country) ? country : 'England';
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
        initial={{ price: String(price), nation, buyer: 'mover', isNonResident: false }}
      />
      <h3 id="mortgage">Mortgage payments</h3>
      <MortgageCalculator idPrefix="mortgage" initial={mortgageDefaults(price)} />
    </section>
  );
}
