import { optionsOf } from '@domain/labels';
import { parseTypedPrice } from '@domain/price-input';
import {
  DraftCheckbox,
  DraftInput,
  DraftPriceInput,
  DraftRadios,
  DraftSelect,
  useDraftField,
} from '../fields/draft-fields';
import { DepositHint } from './deposit-hint';

/** Step 6: the price; for a let also the rent period, deposits, furnishing and the let. */
export function PriceStep() {
  const [channel] = useDraftField<string>('channel');
  return (
    <>
      <DraftPriceInput
        field="price"
        label={channel === 'rent' ? 'Rent (£)' : 'Asking price (£)'}
        hint={channel === 'rent' ? 'For example 1,250 or 1,250 pcm' : 'For example 325,000 or 325k'}
      />
      {channel === 'sale' ? (
        <DraftSelect
          field="priceQualifier"
          label="How the price is shown"
          options={optionsOf('priceQualifier')}
        />
      ) : (
        <LetTerms />
      )}
    </>
  );
}

function LetTerms() {
  const [price] = useDraftField('price');
  const [rentPeriod] = useDraftField<'month' | 'week'>('rentPeriod');
  return (
    <>
      <p className="hint">
        Lets must state one specific rent: no &lsquo;offers over&rsquo; or bidding (Renters&rsquo;
        Rights Act 2025).
      </p>
      <DraftRadios field="rentPeriod" label="Rent is" options={optionsOf('rentPeriod')} />
      <DepositHint
        price={parseTypedPrice(String(price ?? ''))?.pounds ?? NaN}
        period={rentPeriod}
      />
      <div className="wizard__row">
        <DraftPriceInput field="deposit" label="Deposit (£)" />
        <DraftPriceInput field="holdingDeposit" label="Holding deposit (£, optional)" />
      </div>
      <DraftSelect field="furnished" label="Furnishing" options={optionsOf('furnished')} />
      <DraftSelect field="letType" label="Type of let" options={optionsOf('letType')} />
      <DraftInput field="availableFrom" label="Available from (optional)" type="date" />
      <DraftCheckbox field="billsIncluded" label="Bills included" />
      <DraftCheckbox field="petsConsidered" label="Pets considered" />
    </>
  );
}
