import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { pluralise } from '@domain/format';
import { RADIUS_MILES } from '@domain/search/search-params';
import { hasFilters, radiusLabel } from './filter-options';
import { pathFor, searchWith, type SearchPlace } from './search-url';

/**
 * No matches: around a location, 'no homes here — try 1 mile / 3 miles / 5 miles' with how many
 * each would find; otherwise the next radius out; and dropping the filters.
 */
export function NoResults({
  search,
  hasLocation,
  widerCounts = [],
}: {
  search: SearchPlace;
  hasLocation: boolean;
  widerCounts?: { miles: number; total: number }[];
}) {
  const { channel, query, placeSlug } = search;
  const wider = RADIUS_MILES.find((miles) => miles > query.radius);
  // Only when a wider circle would find something; otherwise the filters are the problem.
  if (hasLocation && widerCounts.some(({ total }) => total > 0)) {
    return (
      <div className="empty-state">
        <h2>No homes here</h2>
        <p>Try a little further out:</p>
        <ul className="empty-state__actions empty-state__wider">
          {widerCounts.map(({ miles, total }) => (
            <li key={miles}>
              <Link
                className={buttonClass({ variant: total > 0 ? 'primary' : 'secondary' })}
                to={searchWith(search, { radius: miles, page: 1 })}
              >
                {miles === 1 ? '1 mile' : `${miles} miles`} ({pluralise(total, 'home')})
              </Link>
            </li>
          ))}
        </ul>
        {hasFilters(query) ? (
          <p>
            <Link
              to={pathFor(channel, { location: query.location, radius: query.radius }, placeSlug)}
            >
              Remove filters
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="empty-state">
      <h2>No homes match your search</h2>
      <p>Try widening your search: </p>
      <p className="empty-state__actions">
        {hasLocation && wider !== undefined ? (
          <Link className={buttonClass()} to={searchWith(search, { radius: wider, page: 1 })}>
            Widen to {radiusLabel(wider).replace('Within ', '')}
          </Link>
        ) : null}
        {hasFilters(query) ? (
          <Link
            className={buttonClass({ variant: 'secondary' })}
            to={pathFor(channel, { location: query.location, radius: query.radius }, placeSlug)}
          >
            Remove filters
          </Link>
        ) : null}
      </p>
    </div>
  );
}
