import { Link } from 'react-router';

export function meta() {
  return [
    { title: 'Payment and refund policy | Roost' },
    { name: 'description', content: 'How payments and refunds for optional Roost upgrades work.' },
  ];
}

export default function PaymentRefundPolicy() {
  return (
    <article className="content-page">
      <h1>Payment and refund policy</h1>
      <p className="updated">Last updated 1 July 2025</p>
      <p className="lead">
        Listing on Roost is free. This policy covers the optional paid upgrades that are coming
        soon.
      </p>
      <h2>Payments</h2>
      <p>
        Upgrades will be one-off payments in pounds sterling, including VAT, by debit or credit
        card, Apple Pay or Google Pay. Payments will be processed by a regulated payment provider;
        we never see or store your full card number. Nothing renews automatically.
      </p>
      <h2>Your right to cancel</h2>
      <p>
        Under the Consumer Contracts Regulations you have 14 days to cancel a purchase. Because an
        upgrade starts as soon as you buy it, we will ask you to agree to it starting straight away;
        if you cancel within 14 days we will refund the part you have not used.
      </p>
      <h2>Refunds</h2>
      <ul>
        <li>
          If an upgrade does not work as described, we will put it right or refund you in full.
        </li>
        <li>If we remove a listing for breaking our terms, unused upgrades are not refunded.</li>
        <li>Refunds go back to the original payment method within 14 days.</li>
      </ul>
      <h2>Questions</h2>
      <p>
        <Link to="/contact-us">Contact us</Link> with the e-mail address on your account and the
        date of the payment.
      </p>
    </article>
  );
}
