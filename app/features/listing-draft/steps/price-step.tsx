import { optionsOf } from '@domain/labels';
import { isLetNation, LET_RULES_BY_NATION, type LetNation } from '@domain/lettings/rules-by-nation';
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
  const [nationField] = useDraftField('nation');
  const nation = isLetNation(nationField) ? nationField : undefined;
  const rules = nation ? LET_RULES_BY_NATION[nation] : undefined;
  return (
    <>
      <p className="hint">
        Lets must state one specific rent: no &lsquo;offers over&rsquo;, bidding or months of rent
        in advance.
        {nation ? ` The let is in ${nation}: ${rules!.tenancyName.toLowerCase()}.` : ''}
      </p>
      <DraftRadios field="rentPeriod" label="Rent is" options={optionsOf('rentPeriod')} />
      <DepositHint
        price={parseTypedPrice(String(price ?? ''))?.pounds ?? NaN}
        period={rentPeriod}
        nation={nation}
      />
      <div className="wizard__row">
        <DraftPriceInput field="deposit" label="Deposit (£)" />
        <DraftPriceInput field="holdingDeposit" label="Holding deposit (£, optional)" />
      </div>
      {rules?.registration ? <RegistrationField nation={nation!} /> : null}
      <DraftSelect field="furnished" label="Furnishing" options={optionsOf('furnished')} />
      <DraftSelect field="letType" label="Type of let" options={optionsOf('letType')} />
      <DraftInput field="availableFrom" label="Available from (optional)" type="date" />
      <DraftCheckbox field="billsIncluded" label="Bills included" />
      {rules?.petsOnRequest ? (
        <p className="hint">
          Pets: tenants in {nation} may ask to keep a pet and you must consider each request, so the
          listing says &lsquo;Pets considered on request&rsquo;.
        </p>
      ) : (
        <DraftCheckbox field="petsConsidered" label="Pets considered" />
      )}
    </>
  );
}

/** The landlord register's number this nation asks for (optional in England until required). */
function RegistrationField({ nation }: { nation: LetNation }) {
  const rule = LET_RULES_BY_NATION[nation].registration!;
  const pending = rule.pendingWording ? ` or the words '${rule.pendingWording}'` : '';
  const optional = rule.required === 'always' ? '' : ' (optional for now)';
  return (
    <DraftInput
      field="registrationNumber"
      label={`${rule.label}${optional}`}
      hint={`Shown on the listing. For example ${rule.example}${pending} (${rule.source.law}).`}
    />
  );
}
