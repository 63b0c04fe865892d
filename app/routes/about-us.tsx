import { Link } from 'react-router';
import type { Route } from './+types/about-us';

export function meta() {
  return [
    { title: 'About us | Roost' },
    {
      name: 'description',
      content: 'Roost is a UK property marketplace where anyone can list a home for free.',
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { companyName: context.site.companyName };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return (
    <article className="content-page">
      <h1>About Roost</h1>
      <p className="lead">
        Roost is a property marketplace for the whole of the UK, built on a simple idea: putting
        your home in front of buyers and tenants should not cost you anything.
      </p>
      <h2>What we do</h2>
      <p>
        Private sellers, landlords and agents list homes for sale and to rent on Roost for free.
        Buyers and renters search by town, city or postcode, save favourites and contact the person
        who listed the home directly.
      </p>
      <h2>What we do not do</h2>
      <p>
        We are not an estate agent and we do not take part in sales or tenancies. We are not a
        mortgage intermediary and we do not give financial advice. Always view a property before
        paying any money, and never pay a deposit to someone you have not met.
      </p>
      <h2>Keeping Roost safe</h2>
      <p>
        Every listing can be reported, and our team reviews reports every working day. If something
        looks wrong, tell us through the listing&rsquo;s &lsquo;Report this listing&rsquo; link or
        our <Link to="/contact-us">contact form</Link>.
      </p>
      <h2 id="data-we-use">Data we use</h2>
      <p>
        Place names and the locations of towns come from{' '}
        <a href="https://www.geonames.org/">GeoNames</a>, licensed under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.
      </p>
      <p>
        Postcodes are placed on the map, and each home&rsquo;s nation (for stamp duty and the rules
        that differ between England, Scotland and Wales) decided, from the Office for National
        Statistics&rsquo; National Statistics Postcode Lookup:
      </p>
      <blockquote>
        <p>
          Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data ©
          Royal Mail copyright and database right 2025. Source: Office for National Statistics
          licensed under the{' '}
          <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">
            Open Government Licence v.3.0
          </a>
          .
        </p>
        <p>
          Contains National Statistics data © Crown copyright and database right 2014; contains
          Ordnance Survey data © Crown copyright and database right 2014.
        </p>
      </blockquote>
      <p>
        Northern Ireland&rsquo;s postcode locations are not open data, so a Northern Ireland
        postcode is placed by the homes listed near it or by its post town.
      </p>
      <h2>Who we are</h2>
      <p>
        Roost is run by {loaderData.companyName}, a company registered in England and Wales. We are
        a small team in the UK who think finding a home should be simpler and fairer.
      </p>
    </article>
  );
}
