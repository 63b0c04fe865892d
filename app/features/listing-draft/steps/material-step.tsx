import { optionsOf } from '@domain/labels';
import { EPC_BANDS } from '@domain/listing/enums';
import { MATERIAL_FIELDS, type MaterialInformation } from '@domain/listing/material-information';
import { DraftInput, DraftSelect, useDraftField, useStepErrors } from '../fields/draft-fields';
import { TextInputField } from '../fields/labelled-controls';

/** Tenures that come with a lease, and so with its years, ground rent and service charge. */
const LEASE_TENURES = ['leasehold', 'share_of_freehold', 'shared_ownership'];

/** Step 4: the material information every advert must give. */
export function MaterialStep() {
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
      <MaterialInfoFields />
    </>
  );
}

/** The free-text parts (supply, broadband, flood risk…), kept together as `materialInfo`. */
function MaterialInfoFields() {
  const [material = {}, setMaterial] = useDraftField<MaterialInformation>('materialInfo');
  const errors = useStepErrors();
  return MATERIAL_FIELDS.map(([field, label, hint]) => (
    <TextInputField
      key={field}
      name={`material-${field}`}
      label={label}
      hint={hint}
      value={material[field] ?? ''}
      onChange={(text) => setMaterial({ ...material, [field]: text })}
      error={errors[`materialInfo.${field}`]}
    />
  ));
}
