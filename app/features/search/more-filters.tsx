import { Checkbox, CheckboxGroup } from '~/components/ui/choice-group';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { optionsOf } from '@domain/labels';
import { MAX_KEYWORDS_LENGTH, type SearchQuery } from '@domain/search/search-params';
import { ADDED_OPTIONS, mustHaveOptions } from './filter-options';
import type { Channel } from './search-url';

/** Filters for rentals only: each a query key that is also its labels' group. */
const RENT_FILTERS = [
  ['furnished', 'Furnishing'],
  ['letType', 'Let type'],
] as const;

function RentFilters({ query }: { query: SearchQuery }) {
  return (
    <>
      <Checkbox
        name="pets"
        value="considered"
        defaultChecked={query.petsConsidered === true}
        label="Pets considered"
      />
      {RENT_FILTERS.map(([name, label]) => (
        <SelectField
          key={name}
          id={name}
          name={name}
          label={label}
          defaultValue={query[name] ?? ''}
          placeholder="Any"
          options={optionsOf(name)}
        />
      ))}
    </>
  );
}

/** Floor area bounds, in square feet. */
function AreaFilters({ query }: { query: SearchQuery }) {
  return (
    <>
      {(['min', 'max'] as const).map((end) => (
        <TextField
          key={end}
          id={`${end}Area`}
          name={`${end}Area`}
          label={`${end === 'min' ? 'Min' : 'Max'} size (sq ft)`}
          inputMode="numeric"
          defaultValue={(end === 'min' ? query.minArea : query.maxArea) ?? ''}
        />
      ))}
    </>
  );
}

/** 'More filters', folded away unless a type, must-have or keyword is already chosen. */
export function MoreFilters({ channel, query }: { channel: Channel; query: SearchQuery }) {
  return (
    <details
      className="search-filters__more"
      open={
        query.types.length > 0 ||
        query.features.length > 0 ||
        Boolean(query.keywords) ||
        query.petsConsidered === true
      }
    >
      <summary>More filters</summary>
      <CheckboxGroup
        legend="Property types"
        name="type"
        className="form-field--wide"
        options={optionsOf('propertyType')}
        defaultValues={query.types}
      />
      <CheckboxGroup
        legend="Must-haves"
        name="has"
        className="form-field--wide"
        options={mustHaveOptions(channel)}
        defaultValues={query.features}
      />
      {channel === 'rent' ? <RentFilters query={query} /> : null}
      <SelectField
        id="added"
        name="added"
        label="Added to site"
        defaultValue={query.addedWithinDays ?? ''}
        placeholder="Anytime"
        options={ADDED_OPTIONS}
      />
      <AreaFilters query={query} />
      <TextField
        id="keywords"
        name="keywords"
        label="Keywords"
        className="form-field--wide"
        type="search"
        defaultValue={query.keywords ?? ''}
        placeholder="e.g. garden, garage, period features"
        maxLength={MAX_KEYWORDS_LENGTH}
      />
      <Checkbox
        name="agreed"
        value="exclude"
        defaultChecked={!query.includeAgreed}
        label={`Hide ${channel === 'sale' ? 'under offer and sold STC' : 'let agreed'}`}
      />
    </details>
  );
}
