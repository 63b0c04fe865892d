import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatPrice, formatPropertyType } from '@domain/format';
import { listingPath } from '@domain/listing/listing-url';
import { LABELS, labelOf, type LabelGroup } from '@domain/labels';
import {
  LISTING_FEATURES,
  PROPERTY_TYPES,
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHED_STATES,
  LET_TYPES,
  MAX_TOURS,
  RENT_PERIODS,
  SALE_QUALIFIERS,
  TENURES,
} from '@domain/listing/enums';
import { useAppDispatch, useAppSelector } from '~/store/hooks';
import {
  mergeInitialDetails,
  resetListingDraft,
  setAddMode,
  setPropertyDetails,
  setTempId,
  uploadImages,
  uploadTheatres,
} from '~/store/listing-draft-slice';
import { goToStep } from '~/store/registration-step-slice';
import { ApiFailure, draftApi, type DraftMediaItem, type DraftView } from './draft-api';
import { depositCaps } from '@domain/listing/deposit-caps';
import { LAST_STEP, validateStep, WIZARD_STEPS } from '@domain/listing/wizard-steps';
import { MATERIAL_FIELDS, type TourLink } from '@domain/listing/material-information';
import type { FieldErrors } from '@domain/validation/field-errors';
import { MediaManager } from './media-manager';
import { CheckboxField, RadioField, SelectField, TextField } from './wizard-fields';

/** The fields each step saves (the server validates the same step with the same schema). */
const STEP_FIELDS: Record<number, string[]> = {
  1: ['channel', 'propertyType'],
  2: ['addressLine1', 'addressLine2', 'town', 'county', 'postcode', 'isFullAddressShown'],
  3: [
    'title',
    'description',
    'keyFeatures',
    'bedrooms',
    'bathrooms',
    'receptions',
    'features',
    'floorArea',
    'floorAreaUnit',
  ],
  4: [
    'tenure',
    'leaseYearsRemaining',
    'groundRentPerYear',
    'serviceChargePerYear',
    'councilTaxBand',
    'domesticRatesPerYear',
    'epcRating',
    'materialInfo',
  ],
  5: ['tours'],
  6: [
    'price',
    'priceQualifier',
    'rentPeriod',
    'deposit',
    'holdingDeposit',
    'furnished',
    'letType',
    'availableFrom',
    'billsIncluded',
    'petsConsidered',
  ],
  7: [],
};

const options = (values: readonly string[], group: LabelGroup): [string, string][] =>
  values.map((value) => [value, labelOf(group, value)]);

/**
 * Keeps `?draft=&step=` in the address bar so a reload or the sign-in redirect comes back to the
 * same place, without a router navigation (which would reload the draft over unsaved typing).
 */
function replaceUrl(draftId: string, step: number) {
  window.history.replaceState(
    window.history.state,
    '',
    `/property/new?draft=${draftId}&step=${step}`,
  );
}

export interface WizardProps {
  initialDraft: DraftView | null;
  isSignedIn: boolean;
  mediaLimits: { maxPhotos: number; maxBytes: number };
}

export function ListingWizard({ initialDraft, isSignedIn, mediaLimits }: WizardProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const detail = useAppSelector((state) => state.listingDraft.propertyDetail);
  const tempId = useAppSelector((state) => state.listingDraft.tempPropertyId);
  const step = useAppSelector((state) => state.registrationStep.currentStep);
  const [media, setMedia] = useState<DraftMediaItem[]>(initialDraft?.media ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const isReady = useAppSelector((state) => state.listingDraft.isInAddMode);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const draftIdRef = useRef<string | null>(initialDraft?.id ?? null);

  // The server's draft is the truth: load it into the slices once per draft.
  useEffect(() => {
    dispatch(resetListingDraft());
    if (initialDraft) {
      dispatch(setTempId(initialDraft.id));
      dispatch(mergeInitialDetails(initialDraft.data));
      const stepInUrl = Number(new URLSearchParams(location.search).get('step'));
      dispatch(goToStep(Math.min(LAST_STEP, stepInUrl || initialDraft.step)));
    } else {
      dispatch(goToStep(1));
    }
    dispatch(setAddMode(true));
    // Only when another draft is opened, not on every URL change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, initialDraft?.id]);

  useEffect(() => {
    const photos = media.filter((item) => item.kind === 'photo');
    dispatch(
      uploadImages(photos.map((item) => ({ id: item.key, url: item.key, caption: item.caption }))),
    );
    const tours = (detail.tours as TourLink[] | undefined) ?? [];
    dispatch(
      uploadTheatres([
        ...media
          .filter((item) => item.kind === 'floorplan')
          .map((item) => ({
            id: item.key,
            url: item.key,
            kind: 'floorplan' as const,
            title: item.caption,
          })),
        ...tours.map((tour, index) => ({
          id: `tour-${index}`,
          url: tour.url,
          kind: tour.kind,
          title: tour.title,
        })),
      ]),
    );
  }, [dispatch, media, detail.tours]);

  useEffect(() => {
    if (isReady) headingRef.current?.focus();
  }, [step, isReady]);

  const value = (field: string) => detail[field];
  const set = (field: string) => (next: unknown) => dispatch(setPropertyDetails({ [field]: next }));
  const channel = detail.channel as 'sale' | 'rent' | undefined;
  const material = (detail.materialInfo as Record<string, string> | undefined) ?? {};

  async function ensureDraft(): Promise<string> {
    if (draftIdRef.current) return draftIdRef.current;
    const draft = await draftApi.start();
    draftIdRef.current = draft.id;
    dispatch(setTempId(draft.id));
    replaceUrl(draft.id, step);
    return draft.id;
  }

  function fieldsOf(stepNumber: number) {
    return Object.fromEntries(
      STEP_FIELDS[stepNumber]!.map((field) => [field, detail[field]]).filter(
        ([, fieldValue]) => fieldValue !== undefined,
      ),
    );
  }

  async function goTo(target: number) {
    setFormError('');
    if (target < step) {
      dispatch(goToStep(target));
      setErrors({});
      syncUrl(target);
      return;
    }
    const fields = fieldsOf(step);
    const checked = validateStep(step, { ...fields, channel });
    if (!checked.success) {
      setErrors(checked.fields);
      setFormError('Check the highlighted fields.');
      return;
    }
    if (step === 5 && !media.some((item) => item.kind === 'photo')) {
      setErrors({ photos: 'Add at least one photo' });
      setFormError('Add at least one photo.');
      return;
    }
    setIsBusy(true);
    try {
      const id = await ensureDraft();
      await draftApi.saveStep(id, step, fields, target);
      setErrors({});
      dispatch(goToStep(target));
      syncUrl(target, id);
    } catch (error) {
      if (error instanceof ApiFailure) {
        setErrors(error.fields);
        setFormError(error.message);
      } else setFormError('Could not save. Check your connection and try again.');
    } finally {
      setIsBusy(false);
    }
  }

  function syncUrl(target: number, id = draftIdRef.current) {
    if (id) replaceUrl(id, target);
  }

  async function publish() {
    if (!draftIdRef.current) return;
    setIsBusy(true);
    setFormError('');
    try {
      const result = await draftApi.publish(draftIdRef.current);
      dispatch(resetListingDraft());
      dispatch(goToStep(1));
      void navigate(`${listingPath(result.listing)}?published=1`);
    } catch (error) {
      if (error instanceof ApiFailure) {
        setErrors(error.fields);
        setFormError(error.message);
      } else setFormError('Could not publish. Try again.');
      setIsBusy(false);
    }
  }

  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];
  const signInPath = `/my-account?redirectTo=${encodeURIComponent(`/property/new?draft=${tempId ?? ''}&step=${LAST_STEP}`)}`;

  if (!isReady) return <p role="status">Loading your listing…</p>;

  return (
    <div className="wizard">
      <ol className="wizard__steps" aria-label="Steps">
        {WIZARD_STEPS.map((entry) => (
          <li
            key={entry.step}
            aria-current={entry.step === step ? 'step' : undefined}
            className={entry.step < step ? 'is-done' : undefined}
          >
            {entry.step < step ? (
              <button
                type="button"
                className="wizard__step-link"
                onClick={() => void goTo(entry.step)}
              >
                {entry.step}. {entry.title}
              </button>
            ) : (
              <span>
                {entry.step}. {entry.title}
              </span>
            )}
          </li>
        ))}
      </ol>
      <form
        className="form wizard__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === LAST_STEP) void publish();
          else void goTo(step + 1);
        }}
      >
        <h2 ref={headingRef} tabIndex={-1}>
          Step {step} of {LAST_STEP}: {current.title}
        </h2>
        {formError ? (
          <div className="alert alert--error" role="alert">
            <p>{formError}</p>
          </div>
        ) : null}

        {step === 1 ? (
          <>
            <RadioField
              name="channel"
              label="Are you selling or letting?"
              value={value('channel')}
              onChange={set('channel')}
              options={[
                ['sale', 'Selling'],
                ['rent', 'Letting'],
              ]}
              error={errors.channel}
            />
            <SelectField
              name="propertyType"
              label="Type of property"
              value={value('propertyType')}
              onChange={set('propertyType')}
              options={PROPERTY_TYPES.map((type) => [type, formatPropertyType(type)])}
              error={errors.propertyType}
            />
          </>
        ) : null}

        {step === 2 ? (
          <>
            <TextField
              name="addressLine1"
              label="Address line 1"
              autoComplete="address-line1"
              value={value('addressLine1')}
              onChange={set('addressLine1')}
              error={errors.addressLine1}
            />
            <TextField
              name="addressLine2"
              label="Address line 2 (optional)"
              autoComplete="address-line2"
              value={value('addressLine2')}
              onChange={set('addressLine2')}
              error={errors.addressLine2}
            />
            <TextField
              name="town"
              label="Town or city"
              autoComplete="address-level2"
              value={value('town')}
              onChange={set('town')}
              error={errors.town}
            />
            <TextField
              name="county"
              label="County (optional)"
              value={value('county')}
              onChange={set('county')}
              error={errors.county}
            />
            <TextField
              name="postcode"
              label="Postcode"
              autoComplete="postal-code"
              value={value('postcode')}
              onChange={set('postcode')}
              error={errors.postcode}
            />
            <CheckboxField
              name="isFullAddressShown"
              label="Show the full address on the listing"
              hint="Otherwise people see only the street and town until they contact you."
              checked={value('isFullAddressShown') === true}
              onChange={set('isFullAddressShown')}
            />
          </>
        ) : null}

        {step === 3 ? (
          <>
            <TextField
              name="title"
              label="Title"
              hint="For example: Bright two-bedroom flat by the park"
              value={value('title')}
              onChange={set('title')}
              error={errors.title}
            />
            <TextField
              name="description"
              label="Description"
              multiline
              hint="Plain text; leave a blank line between paragraphs. Phone numbers, e-mail addresses and links are removed: people contact you through Roost."
              value={value('description')}
              onChange={set('description')}
              error={errors.description}
            />
            <TextField
              name="keyFeatures"
              label="Key features (one per line, up to 10)"
              multiline
              value={((value('keyFeatures') as string[] | undefined) ?? []).join('\n')}
              onChange={(text) => set('keyFeatures')(text.split('\n'))}
              error={
                errors.keyFeatures ??
                Object.entries(errors).find(([key]) => key.startsWith('keyFeatures.'))?.[1]
              }
            />
            <div className="wizard__row">
              <TextField
                name="bedrooms"
                label="Bedrooms"
                type="number"
                value={value('bedrooms')}
                onChange={set('bedrooms')}
                error={errors.bedrooms}
              />
              <TextField
                name="bathrooms"
                label="Bathrooms"
                type="number"
                value={value('bathrooms')}
                onChange={set('bathrooms')}
                error={errors.bathrooms}
              />
              <TextField
                name="receptions"
                label="Reception rooms"
                type="number"
                value={value('receptions')}
                onChange={set('receptions')}
                error={errors.receptions}
              />
            </div>
            <div className="wizard__row">
              <TextField
                name="floorArea"
                label="Floor area (optional)"
                type="number"
                value={value('floorArea')}
                onChange={set('floorArea')}
                error={errors.floorArea}
              />
              <SelectField
                name="floorAreaUnit"
                label="Unit"
                placeholder="sq ft"
                value={value('floorAreaUnit')}
                onChange={set('floorAreaUnit')}
                options={[
                  ['sq_ft', 'sq ft'],
                  ['sq_m', 'm²'],
                ]}
              />
            </div>
            <fieldset className="wizard__features">
              <legend>Features people search for (tick all that apply)</legend>
              {LISTING_FEATURES.map((feature) => {
                const chosen = (value('features') as string[] | undefined) ?? [];
                return (
                  <CheckboxField
                    key={feature}
                    name="features"
                    label={LABELS.feature[feature]}
                    checked={chosen.includes(feature)}
                    onChange={(checked) =>
                      set('features')(
                        checked ? [...chosen, feature] : chosen.filter((item) => item !== feature),
                      )
                    }
                  />
                );
              })}
              {errors.features ? <p className="field-error">{errors.features}</p> : null}
            </fieldset>
          </>
        ) : null}

        {step === 4 ? (
          <>
            <p className="hint">
              The law requires this material information in every advert (National Trading Standards
              guidance).
            </p>
            <SelectField
              name="tenure"
              label={channel === 'sale' ? 'Tenure' : 'Tenure (optional for lets)'}
              value={value('tenure')}
              onChange={set('tenure')}
              options={options(TENURES, 'tenure')}
              error={errors.tenure}
            />
            {value('tenure') === 'leasehold' ||
            value('tenure') === 'share_of_freehold' ||
            value('tenure') === 'shared_ownership' ? (
              <div className="wizard__row">
                <TextField
                  name="leaseYearsRemaining"
                  label="Years left on the lease"
                  type="number"
                  value={value('leaseYearsRemaining')}
                  onChange={set('leaseYearsRemaining')}
                  error={errors.leaseYearsRemaining}
                />
                <TextField
                  name="groundRentPerYear"
                  label="Ground rent a year (£)"
                  type="number"
                  value={value('groundRentPerYear')}
                  onChange={set('groundRentPerYear')}
                  error={errors.groundRentPerYear}
                />
                <TextField
                  name="serviceChargePerYear"
                  label="Service charge a year (£)"
                  type="number"
                  value={value('serviceChargePerYear')}
                  onChange={set('serviceChargePerYear')}
                  error={errors.serviceChargePerYear}
                />
              </div>
            ) : null}
            <SelectField
              name="councilTaxBand"
              label="Council tax band"
              value={value('councilTaxBand')}
              onChange={set('councilTaxBand')}
              options={options(COUNCIL_TAX_BANDS, 'councilTaxBand')}
              error={errors.councilTaxBand}
            />
            {value('councilTaxBand') === 'domestic_rates' ? (
              <TextField
                name="domesticRatesPerYear"
                label="Domestic rates a year (£)"
                type="number"
                value={value('domesticRatesPerYear')}
                onChange={set('domesticRatesPerYear')}
                error={errors.domesticRatesPerYear}
              />
            ) : null}
            <SelectField
              name="epcRating"
              label="EPC rating"
              value={value('epcRating')}
              onChange={set('epcRating')}
              options={options(EPC_RATINGS, 'epcRating')}
              error={errors.epcRating}
            />
            {MATERIAL_FIELDS.map(([field, label, hint]) => (
              <TextField
                key={field}
                name={`material-${field}`}
                label={label}
                hint={hint}
                value={material[field]}
                onChange={(text) => set('materialInfo')({ ...material, [field]: text })}
                error={errors[`materialInfo.${field}`]}
              />
            ))}
          </>
        ) : null}

        {step === 5 ? (
          <>
            <h3>Photos</h3>
            {errors.photos ? <p className="field-error">{errors.photos}</p> : null}
            <MediaManager
              draftId={tempId}
              ensureDraft={ensureDraft}
              kind="photo"
              items={media}
              onChange={setMedia}
              maxItems={mediaLimits.maxPhotos}
              maxBytes={mediaLimits.maxBytes}
            />
            <h3>Floorplans</h3>
            <MediaManager
              draftId={tempId}
              ensureDraft={ensureDraft}
              kind="floorplan"
              items={media}
              onChange={setMedia}
              maxItems={10}
              maxBytes={mediaLimits.maxBytes}
            />
            <h3>Videos and virtual tours</h3>
            <ToursEditor
              tours={(value('tours') as TourLink[] | undefined) ?? []}
              onChange={set('tours')}
              errors={errors}
            />
          </>
        ) : null}

        {step === 6 ? (
          <>
            <TextField
              name="price"
              label={channel === 'rent' ? 'Rent (£)' : 'Asking price (£)'}
              type="number"
              value={value('price')}
              onChange={set('price')}
              error={errors.price}
            />
            {channel === 'sale' ? (
              <SelectField
                name="priceQualifier"
                label="How the price is shown"
                value={value('priceQualifier')}
                onChange={set('priceQualifier')}
                options={options(SALE_QUALIFIERS, 'priceQualifier')}
                error={errors.priceQualifier}
              />
            ) : (
              <>
                <p className="hint">
                  Lets must state one specific rent: no &lsquo;offers over&rsquo; or bidding
                  (Renters&rsquo; Rights Act 2025).
                </p>
                <RadioField
                  name="rentPeriod"
                  label="Rent is"
                  value={value('rentPeriod')}
                  onChange={set('rentPeriod')}
                  options={options(RENT_PERIODS, 'rentPeriod')}
                  error={errors.rentPeriod}
                />
                <DepositHint
                  price={Number(value('price'))}
                  period={value('rentPeriod') as 'month' | 'week' | undefined}
                />
                <div className="wizard__row">
                  <TextField
                    name="deposit"
                    label="Deposit (£)"
                    type="number"
                    value={value('deposit')}
                    onChange={set('deposit')}
                    error={errors.deposit}
                  />
                  <TextField
                    name="holdingDeposit"
                    label="Holding deposit (£, optional)"
                    type="number"
                    value={value('holdingDeposit')}
                    onChange={set('holdingDeposit')}
                    error={errors.holdingDeposit}
                  />
                </div>
                <SelectField
                  name="furnished"
                  label="Furnishing"
                  value={value('furnished')}
                  onChange={set('furnished')}
                  options={options(FURNISHED_STATES, 'furnished')}
                  error={errors.furnished}
                />
                <SelectField
                  name="letType"
                  label="Type of let"
                  value={value('letType')}
                  onChange={set('letType')}
                  options={options(LET_TYPES, 'letType')}
                  error={errors.letType}
                />
                <TextField
                  name="availableFrom"
                  label="Available from (optional)"
                  type="date"
                  value={value('availableFrom')}
                  onChange={set('availableFrom')}
                  error={errors.availableFrom}
                />
                <CheckboxField
                  name="billsIncluded"
                  label="Bills included"
                  checked={value('billsIncluded') === true}
                  onChange={set('billsIncluded')}
                />
                <CheckboxField
                  name="petsConsidered"
                  label="Pets considered"
                  checked={value('petsConsidered') === true}
                  onChange={set('petsConsidered')}
                />
              </>
            )}
          </>
        ) : null}

        {step === 7 ? <Review detail={detail} media={media} errors={errors} /> : null}

        <div className="wizard__nav">
          {step > 1 ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void goTo(step - 1)}
              disabled={isBusy}
            >
              Back
            </button>
          ) : null}
          {step < LAST_STEP ? (
            <button type="submit" className="button" disabled={isBusy}>
              {isBusy ? 'Saving…' : 'Save and continue'}
            </button>
          ) : isSignedIn ? (
            <button type="submit" className="button" disabled={isBusy}>
              {isBusy
                ? 'Publishing…'
                : initialDraft?.listingId
                  ? 'Save changes'
                  : 'Publish listing'}
            </button>
          ) : (
            <Link className="button" to={signInPath}>
              Sign in to publish
            </Link>
          )}
        </div>
        {!isSignedIn && step === LAST_STEP ? (
          <p className="hint">
            Your draft and photos are saved; you will come straight back here after signing in.
          </p>
        ) : null}
      </form>
    </div>
  );
}

function DepositHint({ price, period }: { price: number; period: 'month' | 'week' | undefined }) {
  if (!period || !Number.isFinite(price) || price <= 0) return null;
  const caps = depositCaps(price, period);
  return (
    <p className="hint" id="deposit-caps">
      At this rent the deposit can be at most £{caps.maxDeposit.toLocaleString('en-GB')} (
      {caps.depositWeeks} weeks) and the holding deposit £
      {caps.maxHoldingDeposit.toLocaleString('en-GB')} (one week), under the Tenant Fees Act 2019.
    </p>
  );
}

function ToursEditor({
  tours,
  onChange,
  errors,
}: {
  tours: TourLink[];
  onChange: (tours: TourLink[]) => void;
  errors: FieldErrors;
}) {
  const update = (index: number, patch: Partial<TourLink>) =>
    onChange(tours.map((tour, position) => (position === index ? { ...tour, ...patch } : tour)));
  return (
    <div>
      {tours.map((tour, index) => (
        <div className="wizard__row" key={index}>
          <SelectField
            name={`tours-${index}-kind`}
            label="Kind"
            value={tour.kind}
            onChange={(kind) => update(index, { kind: kind === 'tour' ? 'tour' : 'video' })}
            options={[
              ['video', 'Video'],
              ['tour', 'Virtual tour'],
            ]}
          />
          <TextField
            name={`tours-${index}-url`}
            label="Link (https://…)"
            type="url"
            value={tour.url}
            onChange={(url) => update(index, { url })}
            error={errors[`tours.${index}.url`]}
          />
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => onChange(tours.filter((_, position) => position !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      {tours.length < MAX_TOURS ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onChange([...tours, { kind: 'video', url: '', title: '' }])}
        >
          Add a video or tour link
        </button>
      ) : null}
    </div>
  );
}

function Review({
  detail,
  media,
  errors,
}: {
  detail: Record<string, unknown>;
  media: DraftMediaItem[];
  errors: FieldErrors;
}) {
  const channel = detail.channel === 'rent' ? 'rent' : 'sale';
  const price = Number(detail.price);
  const rows: [string, string][] = [
    ['Listing', labelOf('channel', channel)],
    ['Property type', formatPropertyType(String(detail.propertyType ?? ''))],
    ['Address', [detail.addressLine1, detail.town, detail.postcode].filter(Boolean).join(', ')],
    ['Title', String(detail.title ?? '')],
    ['Bedrooms', String(detail.bedrooms ?? '')],
    [
      'Price',
      Number.isFinite(price)
        ? formatPrice({
            channel,
            price,
            priceQualifier: (detail.priceQualifier as string) ?? null,
            rentPeriod: (detail.rentPeriod as 'month' | 'week') ?? null,
          })
        : '',
    ],
    ['Council tax', labelOf('councilTaxBand', detail.councilTaxBand as string)],
    ['EPC rating', labelOf('epcRating', detail.epcRating as string)],
    ['Photos', String(media.filter((item) => item.kind === 'photo').length)],
  ];
  const problems = Object.entries(errors);
  return (
    <>
      {problems.length ? (
        <ul className="field-error">
          {problems.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      ) : null}
      <dl className="wizard__review">
        {rows.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text || '—'}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        By publishing you confirm the details are true and the property is available. We will ask
        you every 4 weeks to confirm it still is.
      </p>
    </>
  );
}
