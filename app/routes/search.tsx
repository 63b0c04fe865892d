import { Link, data } from 'react-router';
import { ListingCard } from '~/components/listing-card';
import { pluralise } from '~/lib/format';
import type { Route } from './+types/search';

function channelOf(pathname: string): 'sale' | 'rent' {
  return pathname.startsWith('/search/for-rent') ? 'rent' : 'sale';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const channel = channelOf(url.pathname);
  const requestedPage = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isSafeInteger(requestedPage) && requestedPage >= 1 ? requestedPage : 1;
  const results = await context.marketplace.listings.find({ channel, page });
  return data({ channel, ...results });
}

export function meta({ data: loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const channel = loaderData?.channel ?? 'sale';
  const noun = channel === 'sale' ? 'for sale' : 'to rent';
  return [
    { title: `Property ${noun} in the UK | Roost` },
    {
      name: 'description',
      content: `Browse ${loaderData?.total ?? ''} homes ${noun} across the UK on Roost, listed free by private sellers and landlords.`,
    },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { channel, items, total, page, pageCount } = loaderData;
  const base = channel === 'sale' ? '/search/for-sale/' : '/search/for-rent/';
  const noun = channel === 'sale' ? 'for sale' : 'to rent';
  return (
    <section className="page" aria-labelledby="results-title">
      <h1 id="results-title">Property {noun}</h1>
      <p className="results-count" role="status">
        {pluralise(total, 'home')} {noun}
        {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}
      </p>
      {items.length === 0 ? (
        <p>There are no homes {noun} on this page. Try the first page of results.</p>
      ) : (
        <div className="listing-grid">
          {items.map((listing, index) => (
            <ListingCard key={listing.id} listing={listing} isAboveFold={index < 3} />
          ))}
        </div>
      )}
      {pageCount > 1 ? (
        <nav className="pagination" aria-label="Pages of results">
          {page > 1 ? (
            <Link to={`${base}?page=${page - 1}`} rel="prev">
              Previous
            </Link>
          ) : null}
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={`${base}?page=${page + 1}`} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
