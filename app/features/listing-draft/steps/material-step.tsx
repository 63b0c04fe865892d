import { Fragment, useEffect } from 'react';
import { formatMonthYear } from '@domain/format';
import { optionsOf } from '@domain/labels';
import { EPC_BANDS } from '@domain/listing/enums';
import { MATERIAL_FIELDS, type MaterialInformation } from '@domain/listing/material-information';
import {
  sameWording,
  type MaterialReasons,
  type MaterialSuggestion,
} from '@domain/listing/material-sources';
import { useMaterialSuggestions } from '../api/material-suggestions';
import type { WizardStepProps } from './step-props';
import { DraftInput, DraftSelect, useDraftField, useStepErrors } from '../fields/draft-fields';
import { TextInputField } from '../fields/labelled-controls';

/** Tenures that come with a lease, and so with its years, ground rent and service charge. */
const LEASE_TENURES = ['leasehold', 'share_of_freehold', 'shared_ownership'];

/** Step 4: the material information every advert must give. */
export function MaterialStep({ draftId }: Pick<WizardStepProps, 'draftId'>) {
  const [channel] = useDraftField<string>('channel');
  const [tenure] = useDraftField<string>('tenure');
  const [councilTaxBand] = useDraftField<string>('councilTaxBand');
  const [epcRating] = useDraftField<string>('epcRating');
  return (
    <>
      <p className="hint">
        The law requires this material information in every advert (National Trading Standards
        guidance).
      </p>
      <DraftSelect
        field="tenure"
        label={channel === 'sale' ? 'Tenure' : 'Tenure (optional for lets)'}
        options={optionsOf('tenure')}
      />
      {tenure !== undefined && LEASE_TENURES.includes(tenure) ? (
        <div className="wizard__row">
          <DraftInput field="leaseYearsRemaining" label="Years left on the lease" type="number" />
          <DraftInput field="groundRentPerYear" label="Ground rent a year (£)" type="number" />
          <DraftInput
            field="serviceChargePerYear"
            label="Service charge a year (£)"
            type="number"
          />
        </div>
      ) : null}
      <DraftSelect
        field="councilTaxBand"
        label="Council tax band"
        options={optionsOf('councilTaxBand')}
      />
      {councilTaxBand === 'domestic_rates' ? (
        <DraftInput field="domesticRatesPerYear" label="Domestic rates a year (£)" type="number" />
      ) : null}
      <DraftSelect field="epcRating" label="EPC rating" options={optionsOf('epcRating')} />
      {epcRating !== undefined && (EPC_BANDS as readonly string[]).includes(epcRating) ? (
        <DraftSelect
          field="epcPotential"
          label="Potential energy rating (optional)"
          hint="The rating the certificate says the home could reach"
          placeholder="Not given"
          options={EPC_BANDS.map((band) => [band, band] as const)}
        />
      ) : null}
      <MaterialInfoFields draftId={draftId} />
    </>
  );
}

/**
 * The free-text parts (supply, broadband, flood risk…), kept together as `materialInfo`. Flood
 * risk and broadband start from the open data at the postcode (material-suggestions.ts); the
 * lister may change them and then says why.
 */
function MaterialInfoFields({ draftId }: { draftId: string | null }) {
  const [material = {}, setMaterial] = useDraftField<MaterialInformation>('materialInfo');
  const [reasons = {}, setReasons] = useDraftField<MaterialReasons>('materialReasons');
  const [postcode] = useDraftField<string>('postcode');
  const { data: suggestions = [] } = useMaterialSuggestions(draftId, postcode);
  const errors = useStepErrors();
  // Fills in parts never touched; one the lister cleared ('') stays as they left it.
  const untouched = suggestions.filter((suggestion) => material[suggestion.field] === undefined);
  useEffect(() => {
    if (untouched.length === 0) return;
    setMaterial({
      ...material,
      ...Object.fromEntries(untouched.map((suggestion) => [suggestion.field, suggestion.text])),
    });
  });
  return MATERIAL_FIELDS.map(([field, label, hint]) => {
    const suggestion = suggestions.find((candidate) => candidate.field === field);
    const value = material[field] ?? '';
    return (
      <Fragment key={field}>
        <TextInputField
          name={`material-${field}`}
          label={label}
          hint={suggestion ? suggestedHint(suggestion) : hint}
          value={value}
          onChange={(text) => setMaterial({ ...material, [field]: text })}
          error={errors[`materialInfo.${field}`]}
        />
        {suggestion && value.trim() && !sameWording(value, suggestion.text) ? (
          <TextInputField
            name={`material-reason-${field}`}
            label={`Why is this different from the ${suggestion.source} data?`}
            hint={`The data says: ${suggestion.text}. Buyers see both, with your reason.`}
            value={reasons[suggestion.field] ?? ''}
            onChange={(text) => setReasons({ ...reasons, [suggestion.field]: text })}
            error={errors[`materialReasons.${field}`]}
          />
        ) : null}
      </Fragment>
    );
  });
}

function suggestedHint(suggestion: MaterialSuggestion): string {
  const demo = suggestion.isDemo ? ' (demo data)' : '';
  return `Filled in from ${suggestion.source}${demo}, ${formatMonthYear(suggestion.asOf)}. Change it if you know better.`;
}
