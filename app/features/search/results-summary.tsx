import { Link } from 'react-router';
import { formatCount, pluralise } from '@domain/format';
import type { SearchPage } from '../../../server/marketplace/search/run-search';
import { radiusLabel } from './filter-options';
import { searchWith, type SearchPlace } from './search-url';

type Summary = Pick<SearchPage, 'total' | 'totalIsLowerBound' | 'page' | 'pageCount' | 'location'>;

/** Notes about parameters the search ignored. */
export function SearchNotices({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="notice" role="status">
      <ul>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}

/** A place that could not be found, with similar names as links. */
export function LocationProblem({
  search,
  problem,
}: {
  search: SearchPlace;
  problem: NonNullable<SearchPage['locationProblem']>;
}) {
  return (
    <div className="notice notice--warning" role="alert">
      <p>{problem.message}</p>
      {problem.suggestions.length > 0 ? (
        <>
          <p>Did you mean:</p>
          <ul className="suggestions">
            {problem.suggestions.map((suggestion) => (
              <li key={suggestion.slug}>
                <Link
                  to={searchWith(
                    { ...search, placeSlug: suggestion.slug },
                    { location: undefined, page: 1 },
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
  );
}

/** '1,234 homes for sale within 3 miles · page 2 of 52'. */
export function ResultsCount({ search, summary }: { search: SearchPlace; summary: Summary }) {
  const { total, totalIsLowerBound, page, pageCount, location } = summary;
  const noun = search.channel === 'sale' ? 'for sale' : 'to rent';
  const where = location
    ? ` ${radiusLabel(search.query.radius).toLowerCase().replace('this area only', `in ${location.label}`)}`
    : '';
  return (
    <p className="results-count" role="status">
      {totalIsLowerBound ? `${formatCount(total)}+ homes` : pluralise(total, 'home')} {noun}
      {where}
      {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}
    </p>
  );
}
