import leafletStyles from 'leaflet/dist/leaflet.css?url';
import clusterStyles from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterThemeStyles from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigate } from 'react-router';
import { requireUser } from '../../server/auth/guards';
import { formFailure } from '../../server/http/route-errors';
import { ListingCard } from '~/features/listings/listing-card';
import { CurrentLocationButton } from '~/features/search/current-location-button';
import { LocationCombobox } from '~/features/search/location-combobox';
import { SearchMap } from '~/features/search/search-map';
import { rememberSearch } from '~/features/search/visitor-memory';
import { formatCount, formatPounds, pluralise, formatPropertyType } from '@domain/format';
import { searchPath } from '@domain/listing/listing-url';
import {
  ADDED_WITHIN_DAYS,
  RADIUS_MILES,
  toSearchParams,
  type SearchQuery,
} from '@domain/search/search-params';
import { PROPERTY_TYPES, LISTING_FEATURES } from '@domain/listing/enums';
import { LABELS } from '@domain/labels';
import type { Route } from './+types/search';

function channelOf(pathname: string): 'sale' | 'rent' {
  return pathname.startsWith('/search/for-rent') ? 'rent' : 'sale';
}

/** `/search/for-sale/leeds?minBeds=2`: the town in the path, everything else in the query. */
function pathFor(channel: 'sale' | 'rent', query: Partial<SearchQuery>, placeSlug: string | null) {
  const params = toSearchParams(placeSlug ? { ...query, location: undefined } : query);
  const base = placeSlug ? `${searchPath(channel)}${placeSlug}` : searchPath(channel);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const channel = channelOf(url.pathname);
  const page = await context.marketplace.search.run({
    channel,
    params: url.searchParams,
    placeSlug: params.place,
    user: context.user,
  });
  // A town typed into the box gets its own canonical, shareable page.
  if (!params.place && page.placeSlug) throw redirect(pathFor(channel, page.query, page.placeSlug));
  return { ...page, origin: url.origin, isSignedIn: context.user !== null };
}

/** Signed-in actions on results: save this search (for alerts) or hide a listing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'hide') {
    const listingId = Number(form.get('listingId'));
    if (!Number.isSafeInteger(listingId)) throw data('Unknown listing', { status: 400 });
    await context.marketplace.alerts.hide({ user, listingId });
    return { hidden: listingId };
  }
  if (intent === 'save-search') {
    try {
      const saved = await context.marketplace.alerts.save({
        user,
        input: {
          name: String(form.get('name') ?? ''),
          channel: channelOf(url.pathname),
          placeSlug: params.place,
          params: url.searchParams.toString(),
          frequency: String(form.get('frequency') ?? 'daily') as 'daily',
        },
      });
      return { saved: saved.name };
    } catch (error) {
      return formFailure(error, { intent: 'save-search' as const });
    }
  }
  throw data('Unknown action', { status: 400 });
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: leafletStyles },
  { rel: 'stylesheet', href: clusterStyles },
  { rel: 'stylesheet', href: clusterThemeStyles },
];

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: 'Search | Roost' }];
  const noun = data.channel === 'sale' ? 'for sale' : 'to rent';
  const where = data.location ? ` in ${data.location.label}` : ' in the UK';
  const canonical = `${data.origin}${pathFor(data.channel, { page: data.query.page }, data.placeSlug)}`;
  return [
    { title: `Property ${noun}${where} | Roost` },
    {
      name: 'description',
      content: `${data.totalIsLowerBound ? `More than ${pluralise(data.total, 'home')}` : pluralise(data.total, 'home')} ${noun}${where} on Roost, listed free by private sellers and landlords. Filter by price, bedrooms and more.`,
    },
    { tagName: 'link', rel: 'canonical', href: canonical },
  ];
}

const SALE_PRICES = [
  50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000,
  2_000_000,
];
const RENT_PRICES = [300, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000];

function radiusLabel(miles: number): string {
  if (miles === 0) return 'This area only';
  if (miles === 0.25) return 'Within ¼ mile';
  if (miles === 0.5) return 'Within ½ mile';
  return `Within ${pluralise(miles, 'mile')}`;
}

export default function Search({ loaderData, actionData }: Route.ComponentProps) {
  const {
    channel,
    query,
    items,
    total,
    totalIsLowerBound,
    page,
    pageCount,
    notices,
    location,
    locationProblem,
    placeSlug,
    isSignedIn,
  } = loaderData;
  const outcome = actionData as
    | { saved?: string; error?: string; fields?: Record<string, string>; hidden?: number }
    | undefined;
  const saveError =
    outcome?.error === undefined ? undefined : (outcome.fields?.name ?? outcome.error);
  const noun = channel === 'sale' ? 'for sale' : 'to rent';
  const prices = channel === 'sale' ? SALE_PRICES : RENT_PRICES;
  const formAction = searchPath(channel);
  const hasFilters =
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.minBeds !== undefined ||
    query.maxBeds !== undefined ||
    query.types.length > 0 ||
    query.features.length > 0 ||
    query.addedWithinDays !== undefined ||
    query.minArea !== undefined ||
    query.maxArea !== undefined ||
    query.furnished !== undefined ||
    query.letType !== undefined ||
    Boolean(query.keywords);
  const wider = RADIUS_MILES.find((miles) => miles > query.radius);
  const navigate = useNavigate();
  const memory = locationProblem
    ? undefined
    : {
        href: pathFor(channel, { ...query, page: 1, view: undefined }, placeSlug),
        api: (() => {
          const params = toSearchParams({ ...query, page: 1, view: undefined, sort: 'newest' });
          params.set('channel', channel);
          if (placeSlug) params.set('place', placeSlug);
          return params.toString();
        })(),
      };
  const memoryKey = memory ? `${memory.href}|${memory.api}` : '';
  const heading = query.polygon
    ? `Property ${noun} in the area you drew`
    : !location
      ? `Property ${noun}`
      : location.kind === 'point'
        ? `Property ${noun} near your location`
        : `Property ${noun} in ${location.label}`;
  useEffect(() => {
    if (memory) rememberSearch({ ...memory, label: heading });
    // memoryKey captures everything memory depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memoryKey, heading]);
  return (
    <section className="page search" aria-labelledby="results-title">
      <h1 id="results-title">{heading}</h1>
      <Form method="get" action={formAction} className="search-filters" aria-label="Search filters">
        <div className="field field--wide">
          <label htmlFor="location">Town, city or postcode</label>
          <LocationCombobox
            id="location"
            name="location"
            defaultValue={query.location ?? ''}
            placeholder="e.g. Leeds, LS6 or SW1A 1AA"
          />
          <CurrentLocationButton searchPath={formAction} />
        </div>
        <div className="field">
          <label htmlFor="radius">Search radius</label>
          <select id="radius" name="radius" defaultValue={String(query.radius)}>
            {RADIUS_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {radiusLabel(miles)}
              </option>
            ))}
          </select>
        </div>
        <RangeSelect
          name="Price"
          suffix={channel === 'rent' ? ' (pcm)' : ''}
          min={query.minPrice}
          max={query.maxPrice}
          options={prices.map((price) => ({ value: price, label: formatPounds(price) }))}
        />
        {channel === 'rent' ? (
          <div className="field">
            <label htmlFor="period">Prices per</label>
            <select id="period" name="period" defaultValue={query.pricePeriod}>
              <option value="month">Month</option>
              <option value="week">Week</option>
            </select>
          </div>
        ) : null}
        <RangeSelect
          name="Beds"
          label="bedrooms"
          min={query.minBeds}
          max={query.maxBeds}
          options={[0, 1, 2, 3, 4, 5].map((beds) => ({
            value: beds,
            label: beds === 0 ? 'Studio' : String(beds),
          }))}
        />
        <div className="field">
          <label htmlFor="sort">Sort by</label>
          <select id="sort" name="sort" defaultValue={query.sort}>
            <option value="newest">Newest listed</option>
            <option value="price-asc">Lowest price</option>
            <option value="price-desc">Highest price</option>
            {location ? <option value="nearest">Nearest</option> : null}
          </select>
        </div>
        <details
          className="search-filters__more"
          open={
            hasFilters &&
            (query.types.length > 0 || query.features.length > 0 || Boolean(query.keywords))
          }
        >
          <summary>More filters</summary>
          <CheckboxGroup
            legend="Property types"
            name="type"
            options={PROPERTY_TYPES.map((type) => [type, formatPropertyType(type)])}
            checked={query.types}
          />
          <CheckboxGroup
            legend="Must-haves"
            name="has"
            options={LISTING_FEATURES.filter(
              // Shared ownership and auctions are ways of buying, not renting.
              (feature) =>
                channel === 'sale' || (feature !== 'shared_ownership' && feature !== 'auction'),
            ).map((feature) => [feature, LABELS.feature[feature]])}
            checked={query.features}
          />
          {channel === 'rent' ? (
            <>
              <div className="field">
                <label htmlFor="furnished">Furnishing</label>
                <select id="furnished" name="furnished" defaultValue={query.furnished ?? ''}>
                  <option value="">Any</option>
                  <option value="furnished">Furnished</option>
                  <option value="part_furnished">Part furnished</option>
                  <option value="unfurnished">Unfurnished</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="letType">Let type</label>
                <select id="letType" name="letType" defaultValue={query.letType ?? ''}>
                  <option value="">Any</option>
                  <option value="long_term">Long term</option>
                  <option value="short_term">Short term</option>
                  <option value="student">Student</option>
                </select>
              </div>
            </>
          ) : null}
          <div className="field">
            <label htmlFor="added">Added to site</label>
            <select id="added" name="added" defaultValue={query.addedWithinDays ?? ''}>
              <option value="">Anytime</option>
              {ADDED_WITHIN_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? 'Last 24 hours' : `Last ${days} days`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="minArea">Min size (sq ft)</label>
            <input
              id="minArea"
              name="minArea"
              inputMode="numeric"
              defaultValue={query.minArea ?? ''}
            />
          </div>
          <div className="field">
            <label htmlFor="maxArea">Max size (sq ft)</label>
            <input
              id="maxArea"
              name="maxArea"
              inputMode="numeric"
              defaultValue={query.maxArea ?? ''}
            />
          </div>
          <div className="field field--wide">
            <label htmlFor="keywords">Keywords</label>
            <input
              id="keywords"
              name="keywords"
              type="search"
              defaultValue={query.keywords ?? ''}
              placeholder="e.g. garden, garage, period features"
              maxLength={200}
            />
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              name="agreed"
              value="exclude"
              defaultChecked={!query.includeAgreed}
            />
            Hide {channel === 'sale' ? 'under offer and sold STC' : 'let agreed'}
          </label>
        </details>
        <button type="submit" className="button">
          Search
        </button>
      </Form>

      <p className="view-toggle">
        {query.view === 'map' ? (
          <Link to={pathFor(channel, { ...query, view: undefined }, placeSlug)}>Hide the map</Link>
        ) : (
          <Link to={pathFor(channel, { ...query, view: 'map' }, placeSlug)}>Show on a map</Link>
        )}
        {query.polygon ? (
          <>
            {' · '}
            <Link to={pathFor(channel, { ...query, polygon: undefined, page: 1 }, placeSlug)}>
              Remove the drawn area
            </Link>
          </>
        ) : null}
      </p>
      {query.view === 'map' ? (
        <SearchMap
          channel={channel}
          placeSlug={placeSlug}
          search={toSearchParams(query).toString()}
          polygon={query.polygon}
          onSearchArea={(vertices) =>
            void navigate(
              pathFor(
                channel,
                {
                  ...query,
                  location: undefined,
                  near: undefined,
                  radius: 0,
                  polygon: vertices,
                  page: 1,
                  view: 'map',
                },
                null,
              ),
            )
          }
        />
      ) : null}

      {notices.length > 0 ? (
        <div className="notice" role="status">
          <ul>
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {locationProblem ? (
        <div className="notice notice--warning" role="alert">
          <p>{locationProblem.message}</p>
          {locationProblem.suggestions.length > 0 ? (
            <>
              <p>Did you mean:</p>
              <ul className="suggestions">
                {locationProblem.suggestions.map((suggestion) => (
                  <li key={suggestion.slug}>
                    <Link
                      to={pathFor(
                        channel,
                        { ...query, location: undefined, page: 1 },
                        suggestion.slug,
                      )}
                    >
                      {suggestion.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <p className="results-count" role="status">
          {totalIsLowerBound ? `${formatCount(total)}+ homes` : pluralise(total, 'home')} {noun}
          {location
            ? ` ${radiusLabel(query.radius).toLowerCase().replace('this area only', `in ${location.label}`)}`
            : ''}
          {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}
        </p>
      )}

      {!locationProblem ? (
        <SaveSearch
          isSignedIn={isSignedIn}
          defaultName={heading.replace('Property ', 'Homes ')}
          outcome={outcome}
          saveError={saveError}
        />
      ) : null}

      {items.length > 0 ? (
        <div className="listing-grid">
          {items.map((listing, index) => (
            <div key={listing.id} className="search-result">
              <ListingCard listing={listing} isAboveFold={index < 3} />
              <p className="search-result__extra">
                {listing.distanceMiles !== null
                  ? `${listing.distanceMiles.toFixed(1)} miles away`
                  : null}
                {(query.minArea !== undefined || query.maxArea !== undefined) &&
                listing.floorAreaSqFt === null
                  ? ' Size not stated'
                  : null}
              </p>
              {isSignedIn ? (
                <Form method="post" className="search-result__hide">
                  <input type="hidden" name="intent" value="hide" />
                  <input type="hidden" name="listingId" value={listing.id} />
                  <button
                    type="submit"
                    className="link-button"
                    aria-label={`Hide ${listing.title}, ${listing.displayAddress}, from my results`}
                  >
                    Hide from my results
                  </button>
                </Form>
              ) : null}
            </div>
          ))}
        </div>
      ) : !locationProblem ? (
        <div className="empty-state">
          <h2>No homes match your search</h2>
          <p>Try widening your search: </p>
          <p className="empty-state__actions">
            {location && wider !== undefined ? (
              <Link
                className="button"
                to={pathFor(channel, { ...query, radius: wider, page: 1 }, placeSlug)}
              >
                Widen to {radiusLabel(wider).replace('Within ', '')}
              </Link>
            ) : null}
            {hasFilters ? (
              <Link
                className="button button--secondary"
                to={pathFor(channel, { location: query.location, radius: query.radius }, placeSlug)}
              >
                Remove filters
              </Link>
            ) : null}
          </p>
        </div>
      ) : null}

      {pageCount > 1 ? (
        <nav className="pagination" aria-label="Pages of results">
          {page > 1 ? (
            <Link to={pathFor(channel, { ...query, page: page - 1 }, placeSlug)} rel="prev">
              Previous
            </Link>
          ) : null}
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pathFor(channel, { ...query, page: page + 1 }, placeSlug)} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** A fieldset of checkboxes sharing one URL parameter name (one value each). */
function CheckboxGroup({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: [value: string, label: string][];
  checked: readonly string[];
}) {
  return (
    <fieldset className="field field--wide">
      <legend>{legend}</legend>
      <div className="checkbox-grid">
        {options.map(([value, label]) => (
          <label key={value} className="checkbox">
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked.includes(value)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A 'Min …' and 'Max …' pair of selects named `min<Name>` and `max<Name>`. */
function RangeSelect({
  name,
  label = name.toLowerCase(),
  suffix = '',
  min,
  max,
  options,
}: {
  name: string;
  label?: string;
  suffix?: string;
  min: number | undefined;
  max: number | undefined;
  options: { value: number; label: string }[];
}) {
  return (
    <>
      {(['min', 'max'] as const).map((end) => (
        <div className="field" key={end}>
          <label htmlFor={`${end}${name}`}>
            {end === 'min' ? 'Min' : 'Max'} {label}
            {suffix}
          </label>
          <select
            id={`${end}${name}`}
            name={`${end}${name}`}
            defaultValue={(end === 'min' ? min : max) ?? ''}
          >
            <option value="">No {end}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </>
  );
}

function SaveSearch({
  isSignedIn,
  defaultName,
  outcome,
  saveError,
}: {
  isSignedIn: boolean;
  defaultName: string;
  outcome: { saved?: string } | undefined;
  saveError: string | undefined;
}) {
  if (!isSignedIn) {
    return (
      <p className="save-search">
        <Link to="/my-account">Sign in to save this search</Link> and get e-mails when new homes
        match.
      </p>
    );
  }
  if (outcome?.saved) {
    return (
      <p className="notice" role="status">
        Saved “{outcome.saved}”. We’ll e-mail you about new homes that match.{' '}
        <Link to="/saved-searches">Manage saved searches</Link>
      </p>
    );
  }
  return (
    <details className="save-search" open={Boolean(saveError)}>
      <summary>Save this search and get e-mail alerts</summary>
      <Form method="post" className="save-search__form">
        <input type="hidden" name="intent" value="save-search" />
        <div className="field">
          <label htmlFor="save-name">Name</label>
          <input
            id="save-name"
            name="name"
            defaultValue={defaultName}
            maxLength={80}
            aria-invalid={saveError ? true : undefined}
            aria-describedby={saveError ? 'save-name-error' : undefined}
          />
          {saveError ? (
            <p id="save-name-error" className="field-error">
              {saveError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="save-frequency">E-mail me</label>
          <select id="save-frequency" name="frequency" defaultValue="daily">
            <option value="instant">As soon as new homes are added</option>
            <option value="daily">Once a day</option>
            <option value="weekly">Once a week</option>
          </select>
        </div>
        <button type="submit" className="button">
          Save search
        </button>
      </Form>
    </details>
  );
}
