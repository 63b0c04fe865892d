import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { toSearchParams } from '@domain/search/search-params';
import { pathFor, searchWith, type SearchPlace } from './search-url';

// The map view's own script loads with the map, not with every search page's first script
// (which is kept under 150 KB: docs/performance.md).
const SearchMap = lazy(() =>
  import('./search-map').then((module) => ({ default: module.SearchMap })),
);

/** 'Show on a map' or 'Hide the map', and 'Remove the drawn area' when there is one. */
export function MapToggle({ search }: { search: SearchPlace }) {
  const { query } = search;
  return (
    <p className="view-toggle">
      {query.view === 'map' ? (
        <Link to={searchWith(search, { view: undefined })}>Hide the map</Link>
      ) : (
        <Link to={searchWith(search, { view: 'map' })}>Show on a map</Link>
      )}
      {query.polygon ? (
        <>
          {' · '}
          <Link to={searchWith(search, { polygon: undefined, page: 1 })}>
            Remove the drawn area
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** The map view, when asked for: searching an area drawn or panned to replaces the place. */
export function MapView({ search }: { search: SearchPlace }) {
  const navigate = useNavigate();
  const { channel, query, placeSlug } = search;
  if (query.view !== 'map') return null;
  return (
    <Suspense fallback={<SearchMapPlaceholder />}>
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
    </Suspense>
  );
}

/** The map's frame while its script arrives, the same size, so nothing below it moves. */
function SearchMapPlaceholder() {
  return (
    <section className="search-map" aria-label="Map of the results" aria-busy="true">
      <div className="search-map__tools">
        <button type="button" className="button button--small button--secondary" disabled>
          Draw an area
        </button>
      </div>
      <div className="search-map__canvas" data-ready={false} />
    </section>
  );
}
