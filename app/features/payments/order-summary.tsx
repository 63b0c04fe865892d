import { formatPence } from '@domain/format';
import { CANCELLATION_DAYS } from '@domain/payments/cancellation';
import { VAT_RATE_PERCENT } from '@domain/payments/vat';

/** Product, listing and money: the price, any discount, the amount with the VAT in it. */
export function OrderSummary(props: {
  productName: string;
  listingTitle: string;
  pricePence: number;
  discountPence?: number;
  amountPence: number;
  netPence: number;
  vatPence: number;
}) {
  const discount = props.discountPence ?? 0;
  return (
    <dl className="order-summary" data-testid="order-summary">
      <dt>Upgrade</dt>
      <dd>{props.productName}</dd>
      <dt>Listing</dt>
      <dd>{props.listingTitle}</dd>
      {discount > 0 ? (
        <>
          <dt>Price</dt>
          <dd>{formatPence(props.pricePence)}</dd>
          <dt>Discount</dt>
          <dd>−{formatPence(discount)}</dd>
        </>
      ) : null}
      <dt>To pay</dt>
      <dd className="order-summary__total">{formatPence(props.amountPence)}</dd>
      <dt>Of which VAT ({VAT_RATE_PERCENT} %)</dt>
      <dd>{formatPence(props.vatPence)}</dd>
      <dt>Net of VAT</dt>
      <dd>{formatPence(props.netPence)}</dd>
    </dl>
  );
}

/** Cancellation rights under the Consumer Contracts Regulations 2013, shown before paying. */
export function CancellationRights() {
  return (
    <p className="cancellation-rights">
      You have the right to cancel within {CANCELLATION_DAYS} days of paying. Because your upgrade
      starts straight away at your request, if you cancel within those {CANCELLATION_DAYS} days you
      get back the unused part, worked out pro rata and shown to you before you confirm. Cancel from
      your receipt in My account. See our{' '}
      <a href="/payment-refund-policy">payment and refund policy</a>.
    </p>
  );
}
