import { Suspense } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { searchPath } from '@domain/listing/listing-url';
import { EDITING_SAVED_SEARCH_PARAM } from '@domain/search/saved-search-paths';
import type { SearchQuery } from '@domain/search/search-params';
import {
  BEDROOM_OPTIONS,
  PRICE_PERIOD_OPTIONS,
  priceOptions,
  RADIUS_OPTIONS,
  sortOptions,
} from './filter-options';
import { LocationCombobox } from './location-combobox';
import { DeferredCurrentLocationButton } from './deferred-parts';
import { MoreFilters } from './more-filters';
import { RangeSelect } from './range-select';
import type { Channel } from './search-url';

/** The search form: place, radius, price, bedrooms and order, with more filters folded away. */
export function SearchFilters({
  channel,
  query,
  hasLocation,
  editingSavedSearch,
}: {
  channel: Channel;
  query: SearchQuery;
  hasLocation: boolean;
  /** The saved search being edited: kept in the URL as the filters change. */
  editingSavedSearch?: number;
}) {
  const formAction = searchPath(channel);
  return (
    <Form method="get" action={formAction} className="search-filters" aria-label="Search filters">
      {editingSavedSearch === undefined ? null : (
        <input type="hidden" name={EDITING_SAVED_SEARCH_PARAM} value={editingSavedSearch} />
      )}
      <Field id="location" label="Town, city or postcode" className="form-field--wide">
        {({ id }) => (
          <>
            <LocationCombobox
              id={id}
              name="location"
              defaultValue={query.location ?? ''}
              placeholder="e.g. Leeds, LS6 or SW1A 1AA"
            />
            <Suspense fallback={null}>
              <DeferredCurrentLocationButton searchPath={formAction} />
            </Suspense>
          </>
        )}
      </Field>
      <SelectField
        id="radius"
        name="radius"
        label="Search radius"
        defaultValue={String(query.radius)}
        options={RADIUS_OPTIONS}
      />
      <RangeSelect
        name="Price"
        suffix={channel === 'rent' ? ' (pcm)' : ''}
        min={query.minPrice}
        max={query.maxPrice}
        options={priceOptions(channel)}
      />
      {channel === 'rent' ? (
        <SelectField
          id="period"
          name="period"
          label="Prices per"
          defaultValue={query.pricePeriod}
          options={PRICE_PERIOD_OPTIONS}
        />
      ) : null}
      <RangeSelect
        name="Beds"
        label="bedrooms"
        min={query.minBeds}
        max={query.maxBeds}
        options={BEDROOM_OPTIONS}
      />
      <SelectField
        id="sort"
        name="sort"
        label="Sort by"
        defaultValue={query.sort}
        options={sortOptions(hasLocation)}
      />
      <MoreFilters channel={channel} query={query} />
      <Button type="submit">Search</Button>
    </Form>
  );
}
