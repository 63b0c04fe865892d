import { Link } from 'react-router';
import { ERASURE_KEPT } from '@domain/admin/erased-account';
import type { Route } from './+types/privacy-policy';

export function meta() {
  return [
    { title: 'Privacy policy | Roost' },
    { name: 'description', content: 'How Roost collects and uses personal data under UK GDPR.' },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { companyName: context.site.companyName };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="content-page">
      <h1>Privacy policy</h1>
      <p className="updated">Last updated 28 November 2026</p>
      <p className="lead">
        {loaderData.companyName} is the controller of your personal data on Roost. This policy
        explains what we collect, why, and your rights under the UK GDPR and the Data Protection Act
        2018.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address and, if you give it, your phone number.</li>
        <li>Listings you publish, including photos (we remove location data from photo files).</li>
        <li>Messages you send through Roost, including the contact form.</li>
        <li>Technical data such as your IP address, kept briefly to keep the service secure.</li>
      </ul>
      <h2>Why we use it, and our lawful basis</h2>
      <ul>
        <li>To run your account and publish your listings: performance of a contract.</li>
        <li>To prevent fraud and abuse, and to keep Roost secure: our legitimate interests.</li>
        <li>To reply to your messages: our legitimate interests.</li>
        <li>Optional cookies: only with your consent.</li>
      </ul>
      <h2>Who we share it with</h2>
      <p>
        People who enquire about your listing see the details you choose to show. We use service
        providers for hosting and e-mail, under contracts that protect your data. We never sell your
        data.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep account data while your account is open. Contact-form messages are kept for 24
        months, or until your account is erased. What we keep after erasure, and why, is listed
        under <a href="#erasure">When your account is erased</a>.
      </p>
      <h2 id="erasure">When your account is erased</h2>
      <p>
        You can erase your account on the <Link to="/my-account/data">Your data</Link> page (we wait
        14 days, so you can change your mind), or ask us to. Then we delete your sign-in, profile
        and phone number, your listings and their photos, drafts, favourites and notes, saved
        searches, marketing choices and messages to us. Every message you wrote in a conversation is
        replaced, for you and the other person, by &lsquo;message removed: account erased&rsquo;,
        and your enquiries lose your name, contact details and words.
      </p>
      <p>We keep only what the law requires, with nothing more of you than it needs:</p>
      <ul>
        {ERASURE_KEPT.map((item) => (
          <li key={item.what}>
            {item.what}. {item.why}
          </li>
        ))}
      </ul>
      <h2 id="cookies">Cookies</h2>
      <p>
        Essential cookies keep you signed in and remember your cookie choice; they are always on.
        Optional cookies, which help us understand how Roost is used, are only set if you accept
        them in the cookie banner. You can change your mind at any time by clearing cookies for this
        site.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, object to or restrict
        how we use it, and ask to move it to another service. Use our{' '}
        <Link to="/contact-us">contact form</Link>. You can also complain to the Information
        Commissioner&rsquo;s Office at ico.org.uk or on 0303 123 1113.
      </p>
    </article>
  );
}
