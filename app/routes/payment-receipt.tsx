import { Link } from 'react-router';
import { formatCalendarDay, formatDate, formatDateTime, formatPence } from '@domain/format';
import { isExampleSupplier } from '@domain/payments/example-supplier';
import { PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import { PrintButton } from '~/features/payments/print-button';
import { ReceiptUpgrades } from '~/features/payments/receipt-upgrades';
import { requireUser } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import type { Route } from './+types/payment-receipt';

export function meta({ data: loaderData }: Route.MetaArgs) {
  const number = loaderData?.receipt.invoice?.number;
  return [
    { title: `${number ? `Receipt ${number}` : 'Payment'} | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The buyer's own receipt: the VAT invoice, refunds, the upgrades and the way to cancel. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const receipt = await context.marketplace.payments
    .receipt({ user, paymentId: Number(params.id) })
    .catch(failureAsPage);
  const isJustCancelled = new URL(request.url).searchParams.has('cancelled');
  return { receipt, isJustCancelled };
}

// size: markup: the receipt, line by line as the invoice shows it
export default function PaymentReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt, isJustCancelled } = loaderData;
  const cancellation = receipt.refunds.find((refund) => refund.reason === 'cancellation');
  const { invoice } = receipt;
  // The server decides, as the cancellation itself would: never once cancelled.
  const canCancel = receipt.cancellation?.canCancel === true;
  const refunded = receipt.refunds.filter((refund) => refund.status === 'succeeded');
  return (
    <article className="page narrow receipt" data-testid="receipt">
      <p className="breadcrumbs no-print">
        <Link to="/my-account">My account</Link> › <Link to="/my-account#payments">Payments</Link> ›
        Receipt
      </p>
      <h1>{invoice ? `Receipt ${invoice.number}` : 'Payment'}</h1>
      {isJustCancelled && cancellation ? (
        <div className="alert alert--success no-print" role="status">
          <p>
            Cancelled. We are refunding {formatPence(cancellation.amountPence)} to the card you paid
            with.
          </p>
        </div>
      ) : null}
      <p>
        Status:{' '}
        <strong data-testid="receipt-status">{PAYMENT_STATUS_LABELS[receipt.status]}</strong>
      </p>
      {invoice ? (
        <>
          <section aria-labelledby="receipt-supplier" className="receipt__parties">
            <div>
              <h2 id="receipt-supplier">From</h2>
              <p className="receipt__address">
                {invoice.supplierName}
                <br />
                {invoice.supplierAddress}
                <br />
                VAT number: {invoice.supplierVatNumber}
              </p>
              {isExampleSupplier(invoice) ? (
                <p className="hint" data-testid="receipt-example-supplier">
                  A test receipt: this Roost has no company details configured, so the address and
                  VAT number above are examples, not a real supplier&rsquo;s.
                </p>
              ) : null}
            </div>
            <div>
              <h2>To</h2>
              <p className="receipt__address">
                {receipt.buyer.name ?? ''}
                {receipt.buyer.name ? <br /> : null}
                {receipt.buyer.email ?? ''}
              </p>
            </div>
          </section>
          <dl className="order-summary">
            <dt>Invoice number</dt>
            <dd>{invoice.number}</dd>
            <dt>Invoice date</dt>
            <dd>{formatDate(invoice.issuedAt)}</dd>
            <dt>Date of supply</dt>
            <dd>{formatCalendarDay(invoice.supplyDate)}</dd>
            <dt>Description</dt>
            <dd>{invoice.description}</dd>
            <dt>Listing</dt>
            <dd>{receipt.listing.title}</dd>
          </dl>
          <table className="receipt__amounts">
            <caption className="visually-hidden">Amounts</caption>
            <tbody>
              {invoice.discountPence > 0 ? (
                <tr>
                  <th scope="row">Discount (included below)</th>
                  <td>−{formatPence(invoice.discountPence)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row">Net</th>
                <td>{formatPence(invoice.netPence)}</td>
              </tr>
              <tr>
                <th scope="row">VAT at {invoice.vatRatePercent} %</th>
                <td>{formatPence(invoice.vatPence)}</td>
              </tr>
              <tr>
                <th scope="row">Total paid</th>
                <td data-testid="receipt-gross">{formatPence(invoice.grossPence)}</td>
              </tr>
              {refunded.length > 0 ? (
                <tr>
                  <th scope="row">Refunded</th>
                  <td data-testid="receipt-refunded">−{formatPence(receipt.refundedPence)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </>
      ) : (
        <p>
          No receipt yet: this payment has not been taken.{' '}
          <Link to={`/my-account/payments/${receipt.paymentId}/status`}>Check its status</Link>.
        </p>
      )}
      {receipt.refunds.length > 0 ? (
        <section aria-labelledby="receipt-refunds">
          <h2 id="receipt-refunds">Refunds</h2>
          <ul className="receipt__refunds">
            {receipt.refunds.map((refund) => (
              <li key={refund.id} data-testid="receipt-refund">
                {formatDate(refund.createdAt)}: {formatPence(refund.amountPence)} (VAT{' '}
                {formatPence(refund.vatPence)}) · {refund.reasonLabel}
                {refund.status === 'succeeded' ? '' : ` · ${refund.status}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {receipt.upgrades.length > 0 ? <ReceiptUpgrades upgrades={receipt.upgrades} /> : null}
      <section aria-labelledby="receipt-start" className="receipt__start">
        <h2 id="receipt-start">Your request to start at once</h2>
        <p>
          On {formatDateTime(receipt.immediateStart.acknowledgedAt)} you agreed: “
          {receipt.immediateStart.wording}”
        </p>
        {receipt.cancellation ? (
          <p data-testid="receipt-cancellation">{cancellationSentence(receipt.cancellation)}</p>
        ) : null}
      </section>
      <p className="receipt__actions no-print">
        <PrintButton />
        {canCancel ? (
          <Link
            className="button button--secondary"
            to={`/my-account/payments/${receipt.paymentId}/cancel`}
          >
            Cancel and get a refund
          </Link>
        ) : null}
      </p>
    </article>
  );
}

/** Where cancelling stands, in words for the buyer. */
function cancellationSentence(
  cancellation: NonNullable<Route.ComponentProps['loaderData']['receipt']['cancellation']>,
) {
  if (cancellation.cancelledAt) {
    return `You cancelled this upgrade on ${formatDateTime(cancellation.cancelledAt)}.`;
  }
  if (cancellation.canCancel) {
    return cancellation.isOpen
      ? `You can cancel until ${formatDateTime(cancellation.windowEndsAt)} and get back the unused part.`
      : 'Your upgrade ended early because the listing is not public: while it stays that way you can cancel and get back the unused part.';
  }
  return cancellation.isOpen
    ? 'Nothing is left to refund if you cancel.'
    : 'The 14 days to cancel have passed.';
}
