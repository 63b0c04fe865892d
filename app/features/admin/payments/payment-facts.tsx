import { formatDateTime, formatPence } from '@domain/format';
import { PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import type { getPaymentDetail } from '../../../../server/marketplace/payments/payment-timeline';

export type PaymentDetail = Awaited<ReturnType<typeof getPaymentDetail>>;

/** A payment's receipt facts: status, buyer, listing, invoice, VAT, provider and refunds so far. */
export function PaymentFacts({ detail }: { detail: PaymentDetail }) {
  const { receipt } = detail;
  return (
    <dl className="order-summary">
      <dt>Status</dt>
      <dd data-testid="admin-payment-status">{PAYMENT_STATUS_LABELS[receipt.status]}</dd>
      <dt>Buyer</dt>
      <dd>
        {receipt.buyer.name ?? ''} {receipt.buyer.email ? `<${receipt.buyer.email}>` : ''}
      </dd>
      <dt>Listing</dt>
      <dd>
        {receipt.listing.title}
        {receipt.listing.id ? ` (${receipt.listing.id})` : ''}
      </dd>
      <dt>Invoice</dt>
      <dd>{receipt.invoice?.number ?? 'None (not paid)'}</dd>
      <dt>VAT</dt>
      <dd>{formatPence(receipt.vatPence)}</dd>
      <dt>Provider</dt>
      <dd>
        {detail.provider === 'test' ? 'Test provider' : 'Stripe'} · {detail.providerPaymentId}
      </dd>
      <dt>Refunded</dt>
      <dd>{formatPence(receipt.refundedPence)}</dd>
      <dt>Left to refund</dt>
      <dd data-testid="refundable">{formatPence(detail.refundablePence)}</dd>
    </dl>
  );
}

/** What happened to the payment, and each refund with who asked for it and why. */
export function PaymentHistory({ detail }: { detail: PaymentDetail }) {
  return (
    <>
      <h3 id="payment-timeline">Timeline</h3>
      <ol className="admin-payments__timeline" aria-labelledby="payment-timeline">
        {detail.timeline.map((entry, index) => (
          <li key={index} data-testid="timeline-entry">
            <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>:{' '}
            {entry.text}
          </li>
        ))}
      </ol>
      {detail.refunds.length > 0 ? (
        <>
          <h3 id="payment-refunds">Refunds</h3>
          <ul aria-labelledby="payment-refunds">
            {detail.refunds.map((refund) => (
              <li key={refund.id} data-testid="admin-refund">
                {formatDateTime(refund.createdAt)}: {formatPence(refund.amountPence)} ·{' '}
                {refund.reasonLabel} · {refund.status} · by{' '}
                {refund.requesterEmail ?? refund.requestedBy}
                {refund.note ? ` · “${refund.note}”` : ''}
                {refund.failureMessage ? ` · ${refund.failureMessage}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
