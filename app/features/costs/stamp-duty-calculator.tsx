import { useState, type FormEvent } from 'react';
import { parseAmount } from '@domain/costs/amount';
import {
  BUYER_TYPE_LABELS,
  BUYER_TYPES,
  NATIONS,
  stampDuty,
  stampDutyName,
  type BuyerType,
  type Nation,
} from '@domain/costs/stamp-duty';
import { formatNumber, formatPounds } from '@domain/format';
import { RadioGroup, Checkbox } from '~/components/ui/choice-group';
import { SelectField } from '~/components/ui/select-field';
import { Button } from '~/components/ui/button';
import { FigureInput } from './figure-input';

export interface StampDutyValues {
  price: string;
  nation: Nation;
  buyer: BuyerType;
  isNonResident: boolean;
}

const BUYER_OPTIONS = BUYER_TYPES.map((type) => [type, BUYER_TYPE_LABELS[type]] as const);
const NATION_OPTIONS = NATIONS.map((nation) => [nation, nation] as const);

function sliceLabel(from: number, to: number | null): string {
  if (to === null) return `Over ${formatPounds(from)}`;
  if (from === 0) return `Up to ${formatPounds(to)}`;
  return `${formatPounds(from + 1)} to ${formatPounds(to)}`;
}

const percent = (rate: number) => `${formatNumber(rate, 1)}%`;

/**
 * The tax on buying a home, worked out as the visitor types. A plain GET form underneath, so it
 * also works before the page's script has loaded (it then answers at /tools/stamp-duty).
 */
// size: markup: the form, its field checks and the band-by-band table; the sums are domain/costs
export function StampDutyCalculator({
  initial,
  idPrefix = 'sd',
  isNationFixed = false,
}: {
  initial: StampDutyValues;
  idPrefix?: string;
  /** On a listing the nation is the listing's: shown, not asked. */
  isNationFixed?: boolean;
}) {
  const [values, setValues] = useState(initial);
  const price = parseAmount(values.price);
  const result =
    price === null
      ? null
      : stampDuty({
          price,
          nation: values.nation,
          buyer: values.buyer,
          isNonResident: values.isNonResident,
        });
  const isSdlt = values.nation === 'England' || values.nation === 'Northern Ireland';
  const set = (change: Partial<StampDutyValues>) => setValues({ ...values, ...change });
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form method="get" action="/tools/stamp-duty" className="calculator" onSubmit={onSubmit}>
      <div className="calculator__inputs">
        <FigureInput
          id={`${idPrefix}-price`}
          name="price"
          label="Price"
          hint="For example £325,000 or 325k"
          value={values.price}
          onValue={(price) => set({ price })}
          error={price === null && values.price.trim() ? 'Enter a price, like £325,000' : undefined}
        />
        {isNationFixed ? (
          <input type="hidden" name="nation" value={values.nation} />
        ) : (
          <SelectField
            id={`${idPrefix}-nation`}
            name="nation"
            label="Where is the home?"
            options={NATION_OPTIONS}
            value={values.nation}
            onChange={(event) => set({ nation: event.target.value as Nation })}
          />
        )}
        <RadioGroup
          name={`${idPrefix}-buyer`}
          legend="Which describes you?"
          options={BUYER_OPTIONS}
          value={values.buyer}
          onChange={(buyer) => set({ buyer: buyer as BuyerType })}
        />
        {isSdlt ? (
          <Checkbox
            name={`${idPrefix}-non-resident`}
            label="No buyer is a UK resident"
            checked={values.isNonResident}
            onChange={(isNonResident) => set({ isNonResident })}
          />
        ) : null}
        <noscript>
          <Button type="submit">Work it out</Button>
        </noscript>
      </div>
      <div className="calculator__result" aria-live="polite">
        {result ? (
          <>
            <p className="calculator__total">
              <span>{stampDutyName(values.nation)} to pay</span>{' '}
              <strong>{formatPounds(result.total)}</strong>{' '}
              <span className="calculator__note">
                ({percent(result.effectiveRate)} of the price)
              </span>
            </p>
            <table className="calculator__bands">
              <caption>How it is worked out ({result.tax})</caption>
              <thead>
                <tr>
                  <th scope="col">Part of the price</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Tax</th>
                </tr>
              </thead>
              <tbody>
                {result.bands.map((band) => (
                  <tr key={band.from}>
                    <th scope="row">{sliceLabel(band.from, band.to)}</th>
                    <td>{percent(band.rate)}</td>
                    <td>{formatPounds(Math.floor(band.taxPence / 100))}</td>
                  </tr>
                ))}
                {result.supplement ? (
                  <tr>
                    <th scope="row">{result.supplement.name} (whole price)</th>
                    <td>{percent(result.supplement.rate)}</td>
                    <td>{formatPounds(result.supplement.amount)}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
            {result.notes.length > 0 ? (
              <ul className="calculator__notes">
                {result.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
            <p className="calculator__note">
              An estimate for a residential purchase by individuals, at today&apos;s rates. Rates
              from{' '}
              <a href={result.source.url} rel="noopener noreferrer">
                {result.source.authority}: {result.source.title}
              </a>
              . Your conveyancer confirms what is due.
            </p>
          </>
        ) : (
          <p>Enter a price to see the tax.</p>
        )}
      </div>
    </form>
  );
}

/** Query parameters of /tools/stamp-duty as calculator values (the no-script form posts them). */
export function stampDutyValuesFrom(params: URLSearchParams, fallback: StampDutyValues) {
  const nation = params.get('nation');
  const buyer = params.get('sd-buyer') ?? params.get('buyer');
  return {
    price: params.get('price') ?? fallback.price,
    nation: (NATIONS as readonly string[]).includes(nation ?? '')
      ? (nation as Nation)
      : fallback.nation,
    buyer: (BUYER_TYPES as readonly string[]).includes(buyer ?? '')
      ? (buyer as BuyerType)
      : fallback.buyer,
    isNonResident: params.has('sd-non-resident') || fallback.isNonResident,
  } satisfies StampDutyValues;
}
