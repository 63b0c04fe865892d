import { Link } from 'react-router';
import type { Route } from './+types/terms-of-use';

export function meta() {
  return [
    { title: 'Terms of use | Roost' },
    { name: 'description', content: 'The terms for using Roost.' },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { companyName: context.site.companyName, companyNumber: context.site.companyNumber };
}

export default function TermsOfUse({ loaderData }: Route.ComponentProps) {
  const { companyName, companyNumber } = loaderData;
  return (
    <article className="content-page">
      <h1>Terms of use</h1>
      <p className="updated">Last updated 1 July 2025</p>
      <h2>1. Who we are</h2>
      <p>
        Roost is operated by {companyName}, registered in England and Wales
        {companyNumber ? ` under company number ${companyNumber}` : ''}. By using Roost you agree to
        these terms.
      </p>
      <h2>2. Your account</h2>
      <p>
        You must be 18 or over to create an account. Keep your password safe and tell us straight
        away if you think someone else has used your account.
      </p>
      <h2>3. Listing a property</h2>
      <ul>
        <li>You must own the property or have the owner&rsquo;s permission to advertise it.</li>
        <li>Descriptions, prices and photos must be accurate and must not mislead.</li>
        <li>
          You must give the material information the law requires, such as council tax band or rent,
          tenure and any service charge.
        </li>
        <li>
          Listings must not discriminate against anyone, for example on race, disability or
          benefits.
        </li>
      </ul>
      <h2>4. What you must not do</h2>
      <p>
        Do not post fraudulent, offensive or duplicate listings, collect other users&rsquo; details
        for marketing, or try to disrupt the service. We may remove listings or close accounts that
        break these terms.
      </p>
      <h2>5. Our role</h2>
      <p>
        Roost is a marketplace. We are not an estate or letting agent, we are not a party to any
        sale or tenancy, and we are not a mortgage intermediary. Check every property and person
        yourself before you commit.
      </p>
      <h2>6. Liability</h2>
      <p>
        We do not exclude liability where the law does not allow it, including for death or personal
        injury caused by our negligence or for fraud. Otherwise we are not liable for losses arising
        from listings posted by others.
      </p>
      <h2>7. Law</h2>
      <p>
        These terms are governed by the law of England and Wales. If you live in Scotland or
        Northern Ireland you may also bring proceedings in your local courts.
      </p>
      <p>
        Questions? <Link to="/contact-us">Contact us</Link>.
      </p>
    </article>
  );
}
