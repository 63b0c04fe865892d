import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { ListingSummary } from '../../../server/marketplace/listings/listing-summary';
import { ListingCard } from '~/features/listings/listing-card';
import { lastSearch, recentlyViewed } from './visitor-memory';

const noSubscription = () => () => {};

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * For a returning visitor (who allowed optional storage): the newest homes for their last search
 * and the homes they looked at recently. Nothing renders on the server or for first visits.
 */
export function ReturningVisitor() {
  const isBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const search = isBrowser ? lastSearch() : undefined;
  const viewedIds = isBrowser ? recentlyViewed() : [];
  const newest = useQuery({
    queryKey: ['last-search', search?.api],
    queryFn: ({ signal }) =>
      getJson<{ items: ListingSummary[] }>(`/api/v1/search?${search!.api}&limit=4`, signal),
    enabled: Boolean(search),
  });
  const viewed = useQuery({
    queryKey: ['recently-viewed', viewedIds.join(',')],
    queryFn: ({ signal }) =>
      getJson<{ listings: ListingSummary[] }>(
        `/api/v1/listing-cards?ids=${viewedIds.join(',')}`,
        signal,
      ),
    enabled: viewedIds.length > 0,
  });
  return (
    <>
      {search && newest.data && newest.data.items.length > 0 ? (
        <section className="page" aria-labelledby="continue-search">
          <div className="section-heading">
            <h2 id="continue-search">Newest for your last search</h2>
            <Link to={search.href}>{search.label}</Link>
          </div>
          <div className="listing-grid">
            {newest.data.items.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </div>
        </section>
      ) : null}
      {viewed.data && viewed.data.listings.length > 0 ? (
        <section className="page" aria-labelledby="recently-viewed">
          <div className="section-heading">
            <h2 id="recently-viewed">Recently viewed</h2>
          </div>
          <div className="listing-grid">
            {viewed.data.listings.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
