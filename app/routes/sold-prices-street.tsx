import { data, Link } from 'react-router';
import { formatNumber } from '@domain/format';
import { SoldPriceList, SoldPricesCredit } from '~/features/property/sold-prices';
import listingStyles from '~/styles/listings.css?url';
import type { Route } from './+types/sold-prices-street';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

const DISTRICT = /^[a-z]{1,2}\d[a-z\d]?$/i;
const STREET = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** `/sold-prices/:district/:street`: every sale held on one street of a postcode district. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { district = '', street = '' } = params;
  if (!DISTRICT.test(district) || !STREET.test(street) || street.length > 80)
    throw data(null, { status: 404 });
  const found = await context.marketplace.soldPrices.onStreet({ district, street });
  if (!found) throw data(null, { status: 404 });
  return found;
}

export function meta({ data: found }: Route.MetaArgs): Route.MetaDescriptors {
  if (!found) return [{ title: 'No sold prices found | Roost' }];
  return [
    { title: `Sold prices in ${found.street}, ${found.town} ${found.district} | Roost` },
    {
      name: 'description',
      content: `What homes in ${found.street}, ${found.town} sold for: ${found.total} sales from HM Land Registry.`,
    },
  ];
}

export default function SoldPricesStreet({ loaderData }: Route.ComponentProps) {
  const { street, town, district, sales, total } = loaderData;
  return (
    <article className="page sold-prices">
      <h1>
        Sold prices in {street}, {town} {district}
      </h1>
      <p className="lead">
        {total === 1
          ? 'One sale is recorded in this street.'
          : `${formatNumber(total)} sales are recorded in this street`}
        {total > sales.length ? `; the newest ${sales.length} are shown.` : total === 1 ? '' : '.'}
      </p>
      <SoldPriceList sales={sales} />
      <SoldPricesCredit sales={sales} />
      <p>
        <Link to="/data-sources">How sold prices are matched and where they come from</Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <article className="page">
      <h1>No sold prices found</h1>
      <p>
        We hold no sales for that street. Sold prices cover England and Wales, from HM Land
        Registry. <Link to="/search/for-sale">Search homes for sale</Link>
      </p>
    </article>
  );
}
