import { Link } from 'react-router';
import {
  CANCELLATION_DAYS,
  QUOTE_VALID_MINUTES,
  REFUND_PAID_WITHIN_DAYS,
  USE_COUNTED_IN_HOURS,
} from '@domain/payments/cancellation';
import { formatPence } from '@domain/format';
import type { CheckoutKind } from '@domain/payments/payment-methods';
import { IMMEDIATE_START_WORDING } from '@domain/payments/rules';
import { VAT_RATE_PERCENT } from '@domain/payments/vat';

export interface PolicyProduct {
  code: string;
  name: string;
  pricePence: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The payment and refund policy, in the figures the code uses (the domain constants) and for
 * the upgrades on sale now, so the page cannot drift from what cancelling actually refunds.
 */
// size: markup: the policy text, its figures taken from the domain constants
export function RefundPolicy({
  products,
  checkoutKind,
}: {
  products: PolicyProduct[];
  checkoutKind: CheckoutKind;
}) {
  const hours = plural(USE_COUNTED_IN_HOURS, 'hour');
  return (
    <>
      <p className="lead">
        Listing on Roost is free. This policy covers the optional paid upgrades that add visibility
        to a listing.
      </p>
      <h2>Upgrades on sale</h2>
      {products.length > 0 ? (
        <ul data-testid="policy-products">
          {products.map((product) => (
            <li key={product.code}>
              {product.name}: {formatPence(product.pricePence)}
            </li>
          ))}
        </ul>
      ) : (
        <p>No upgrades are on sale at the moment.</p>
      )}
      <p>
        What each one does is on the <Link to="/pricing">pricing page</Link>.
      </p>
      <h2>Payments</h2>
      <p>
        Upgrades are one-off payments in pounds sterling; prices include VAT at {VAT_RATE_PERCENT}{' '}
        %.{' '}
        {checkoutKind === 'test'
          ? 'This site takes test payments only: no money moves.'
          : 'You pay by debit or credit card, Apple Pay or Google Pay, through our payment provider Stripe; we never see or store your full card number.'}{' '}
        Nothing renews automatically. Every payment has a VAT receipt in My account.
      </p>
      <h2>Your right to cancel</h2>
      <p>
        Under the Consumer Contracts Regulations 2013 you may cancel within{' '}
        {plural(CANCELLATION_DAYS, 'day')} of paying. An upgrade starts as soon as it is paid for,
        so at checkout we ask you to agree: “{IMMEDIATE_START_WORDING}”
      </p>
      <p>If you cancel within those {CANCELLATION_DAYS} days you get back the unused part:</p>
      <ul>
        <li>
          for placements (Featured, Showcase), the time left, pro rata; time is counted as used only
          in complete periods of {hours}, so an upgrade cancelled within its first {hours} comes
          back in full;
        </li>
        <li>for bumps and alert boosts, the ones not yet used;</li>
        <li>for a bundle, its price shared across its parts by their list prices.</li>
      </ul>
      <p>
        Cancel from the receipt in My account. You see the exact refund before you confirm, and that
        amount is what you get if you confirm within {plural(QUOTE_VALID_MINUTES, 'minute')}; after
        that we show you the new amount to confirm.
      </p>
      <h2>When your listing is not on Roost</h2>
      <p>
        Upgrades only run while your listing is available or under offer. If it is paused (by you or
        by our moderators), removed, sold subject to contract or let agreed, its upgrades stop and
        the time they had left is kept: when the listing is available or under offer again, they
        carry on with the days they had left. While the listing stays off Roost you may instead
        cancel for the unused part, even after the {CANCELLATION_DAYS} days; days refunded that way
        do not come back.
      </p>
      <h2>Refunds</h2>
      <ul>
        <li>
          If an upgrade does not work as described, we will put it right or refund you in full.
        </li>
        <li>
          Refunds go back to the way you paid, within {plural(REFUND_PAID_WITHIN_DAYS, 'day')} of
          your cancelling.
        </li>
      </ul>
      <h2>Questions</h2>
      <p>
        <Link to="/contact-us">Contact us</Link> with the e-mail address on your account and the
        date of the payment.
      </p>
    </>
  );
}
