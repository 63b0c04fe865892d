import { useState, type FormEvent } from 'react';
import { parseAmount, parseDecimal } from '@domain/costs/amount';
import { mortgage, type MortgageType } from '@domain/costs/mortgage';
import { formatPounds, formatPoundsAndPence } from '@domain/format';
import { RadioGroup } from '~/components/ui/choice-group';
import { Button } from '~/components/ui/button';
import { FigureInput } from './figure-input';

export interface MortgageValues {
  price: string;
  deposit: string;
  termYears: string;
  ratePercent: string;
  type: MortgageType;
}

const TYPE_OPTIONS = [
  ['repayment', 'Repayment'],
  ['interest_only', 'Interest only'],
] as const;

/** A default illustration for a price: 10% deposit, 25 years, 4.5%. */
export function mortgageDefaults(price: number | null): MortgageValues {
  return {
    price: price ? String(price) : '',
    deposit: price ? String(Math.round(price / 10)) : '',
    termYears: '25',
    ratePercent: '4.5',
    type: 'repayment',
  };
}

/** Monthly payments for a loan: an illustration with the visitor's own figures, not advice. */
// size: markup: the form, its field checks and the results table; the sums are domain/costs
export function MortgageCalculator({
  initial,
  idPrefix = 'mortgage',
}: {
  initial: MortgageValues;
  idPrefix?: string;
}) {
  const [values, setValues] = useState(initial);
  const set = (change: Partial<MortgageValues>) => setValues({ ...values, ...change });
  const price = parseAmount(values.price);
  const deposit = parseAmount(values.deposit || '0');
  const termYears = parseDecimal(values.termYears);
  const ratePercent = parseDecimal(values.ratePercent);
  const errors = {
    price: price === null ? 'Enter a price, like £325,000' : undefined,
    deposit: deposit === null ? 'Enter a deposit, like £32,500' : undefined,
    termYears:
      termYears === null || termYears < 1 || termYears > 40
        ? 'Enter a term from 1 to 40 years'
        : undefined,
    ratePercent:
      ratePercent === null || ratePercent > 25 ? 'Enter a rate from 0 to 25%' : undefined,
  };
  const isComplete = !Object.values(errors).some(Boolean);
  const result = isComplete
    ? mortgage({
        price: price!,
        deposit: deposit!,
        termYears: termYears!,
        ratePercent: ratePercent!,
        type: values.type,
      })
    : null;
  const onSubmit = (event: FormEvent) => event.preventDefault();
  const shown = (field: keyof MortgageValues, error: string | undefined) =>
    values[field] === '' && field !== 'deposit' ? undefined : error;
  return (
    <form method="get" action="/tools/mortgage" className="calculator" onSubmit={onSubmit}>
      <div className="calculator__inputs">
        <FigureInput
          id={`${idPrefix}-price`}
          name="price"
          label="Price"
          value={values.price}
          onValue={(price) => set({ price })}
          error={shown('price', errors.price)}
        />
        <FigureInput
          id={`${idPrefix}-deposit`}
          name="deposit"
          label="Deposit"
          value={values.deposit}
          onValue={(deposit) => set({ deposit })}
          error={shown('deposit', errors.deposit)}
        />
        <div className="calculator__pair">
          <FigureInput
            id={`${idPrefix}-term`}
            name="term"
            label="Term (years)"
            inputMode="numeric"
            value={values.termYears}
            onValue={(termYears) => set({ termYears })}
            error={shown('termYears', errors.termYears)}
          />
          <FigureInput
            id={`${idPrefix}-rate`}
            name="rate"
            label="Interest rate (% a year)"
            value={values.ratePercent}
            onValue={(ratePercent) => set({ ratePercent })}
            error={shown('ratePercent', errors.ratePercent)}
          />
        </div>
        <RadioGroup
          name={`${idPrefix}-type`}
          legend="Type of mortgage"
          options={TYPE_OPTIONS}
          value={values.type}
          onChange={(type) => set({ type: type as MortgageType })}
        />
        <noscript>
          <Button type="submit">Work it out</Button>
        </noscript>
      </div>
      <div className="calculator__result" aria-live="polite">
        {result ? (
          <>
            <p className="calculator__total">
              <span>Monthly payment</span>{' '}
              <strong>{formatPoundsAndPence(result.monthlyPayment)}</strong>
            </p>
            <dl className="calculator__facts">
              <div>
                <dt>Amount borrowed</dt>
                <dd>
                  {formatPounds(result.loan)} ({result.loanToValue}% loan to value)
                </dd>
              </div>
              <div>
                <dt>Total interest</dt>
                <dd>{formatPounds(Math.round(result.totalInterest))}</dd>
              </div>
              <div>
                <dt>Total to repay</dt>
                <dd>{formatPounds(Math.round(result.totalRepaid))}</dd>
              </div>
            </dl>
            {values.type === 'interest_only' ? (
              <p className="calculator__note">
                With interest only, the {formatPounds(result.loan)} borrowed is still owed at the
                end of the term.
              </p>
            ) : null}
          </>
        ) : (
          <p>Enter the price, deposit, term and rate to see the monthly payment.</p>
        )}
        <p className="calculator__note">
          An illustration from the figures you enter, not a quote or advice: lenders&apos; rates,
          fees and checks differ. Roost is not a mortgage intermediary.
        </p>
      </div>
    </form>
  );
}

/** Query parameters of /tools/mortgage as calculator values. */
export function mortgageValuesFrom(params: URLSearchParams, fallback: MortgageValues) {
  const type = params.get('mortgage-type');
  return {
    price: params.get('price') ?? fallback.price,
    deposit: params.get('deposit') ?? fallback.deposit,
    termYears: params.get('term') ?? fallback.termYears,
    ratePercent: params.get('rate') ?? fallback.ratePercent,
    type: type === 'interest_only' || type === 'repayment' ? type : fallback.type,
  } satisfies MortgageValues;
}
