import { Link } from 'react-router';

export function meta() {
  return [
    { title: 'Frequently asked questions | Roost' },
    {
      name: 'description',
      content: 'Answers about listing, searching, accounts and safety on Roost.',
    },
  ];
}

const QUESTIONS: { question: string; answer: React.ReactNode }[] = [
  {
    question: 'Is it really free to list my home?',
    answer: (
      <p>
        Yes. Listing a home for sale or to rent is free, with no commission. Optional paid upgrades
        add visibility; see <Link to="/pricing/">pricing</Link> and our{' '}
        <Link to="/payment-refund-policy">payment and refund policy</Link>.
      </p>
    ),
  },
  {
    question: 'Do I need an account to search?',
    answer: (
      <p>
        No. Anyone can search and view listings. You need a free account to save favourites and to
        list a property.
      </p>
    ),
  },
  {
    question: 'How do I list my property?',
    answer: (
      <p>
        Choose <Link to="/property/new">Add a listing</Link>, then follow the steps: the type of
        home, its address, details, photos and the price. You can save and come back later.
      </p>
    ),
  },
  {
    question: 'Can I sign in with Google?',
    answer: (
      <p>
        Where it is switched on, yes: use &lsquo;Log in with Google&rsquo;. You can also sign in
        with your e-mail address and a password.
      </p>
    ),
  },
  {
    question: 'I forgot my password. What do I do?',
    answer: (
      <p>
        On the <Link to="/my-account">sign-in page</Link> choose &lsquo;Forgot your
        password?&rsquo;. We will e-mail you a code to set a new one.
      </p>
    ),
  },
  {
    question: 'How do I protect my account?',
    answer: (
      <p>
        Turn on two-step verification with an authenticator app in{' '}
        <Link to="/my-account">My account</Link>. You will then enter a six-digit code when you sign
        in.
      </p>
    ),
  },
  {
    question: 'Does Roost arrange mortgages?',
    answer: (
      <p>
        No. Roost is not a mortgage intermediary and does not give financial advice. Speak to an
        FCA-authorised adviser.
      </p>
    ),
  },
  {
    question: 'I think a listing is a scam. What should I do?',
    answer: (
      <p>
        Do not send money. Use &lsquo;Report this listing&rsquo; on the listing, or{' '}
        <Link to="/contact-us">contact us</Link>. We review reports every working day.
      </p>
    ),
  },
];

export default function Faq() {
  return (
    <article className="content-page faq">
      <h1>Frequently asked questions</h1>
      <p className="lead">
        Quick answers about Roost. Cannot find yours? <Link to="/contact-us">Ask us</Link>.
      </p>
      {QUESTIONS.map((item) => (
        <details key={item.question}>
          <summary>{item.question}</summary>
          {item.answer}
        </details>
      ))}
    </article>
  );
}
