import { Link } from 'react-router';
import { searchWith, type SearchPlace } from './search-url';

/** Previous and next, around 'Page 2 of 52'. */
export function Pagination({
  search,
  page,
  pageCount,
}: {
  search: SearchPlace;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages of results">
      {page > 1 ? (
        <Link to={searchWith(search, { page: page - 1 })} rel="prev">
          Previous
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={searchWith(search, { page: page + 1 })} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
