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
      <h2>Who we are</h2>
      <p>
        Roost is run by {loaderData.companyName}, a company registered in England and Wales. We are
        a small team in the UK who think finding a home should be simpler and fairer.
      </p>
    </article>
  );
}
