import { useState } from 'react';
import { parseAmount } from '@domain/costs/amount';
import {
  GUARANTOR_INCOME_MULTIPLE,
  isRentAffordable,
  rentAffordability,
  TENANT_INCOME_MULTIPLE,
} from '@domain/costs/rent-affordability';
import { formatPounds } from '@domain/format';
import { FigureInput } from './figure-input';

/**
 * What letting agents' referencing usually asks of a tenant's income for this rent, and an
 * optional check against the visitor's own income (kept in the browser).
 */
export function RentAffordabilityHint({ monthlyRent }: { monthlyRent: number }) {
  const [income, setIncome] = useState('');
  const needs = rentAffordability(monthlyRent);
  const yearly = parseAmount(income);
  return (
    <section aria-labelledby="affordability" className="calculator-section">
      <h2 id="affordability">Can I afford it?</h2>
      <p>
        Referencing usually looks for a yearly income before tax of at least{' '}
        {TENANT_INCOME_MULTIPLE} times the monthly rent: about{' '}
        <strong>{formatPounds(needs.tenantIncome)}</strong> a year for{' '}
        {formatPounds(needs.monthlyRent)} a month, shared between the tenants. A guarantor usually
        needs {GUARANTOR_INCOME_MULTIPLE} times the rent ({formatPounds(needs.guarantorIncome)}).
      </p>
      <div className="calculator__inputs calculator__inputs--narrow">
        <FigureInput
          id="affordability-income"
          label="Your household's yearly income before tax (optional)"
          hint="Stays in your browser"
          value={income}
          onValue={setIncome}
        />
      </div>
      <p aria-live="polite" className="calculator__note">
        {yearly === null || !income.trim()
          ? null
          : isRentAffordable(monthlyRent, yearly)
            ? `${formatPounds(yearly)} a year meets the usual ${TENANT_INCOME_MULTIPLE}× rule for this rent.`
            : `${formatPounds(yearly)} a year is under the usual ${TENANT_INCOME_MULTIPLE}× rule for this rent; a guarantor may be asked for.`}
      </p>
    </section>
  );
}
