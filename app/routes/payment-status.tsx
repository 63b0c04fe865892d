import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { describeEntitlement } from '@domain/payments/describe';
import { isSettled } from '@domain/payments/payment-status';
import { requireUser } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import type { Route } from './+types/payment-status';

export function meta() {
  return [{ title: 'Payment status | Roost' }, { name: 'robots', content: 'noindex' }];
}

const POLL_MS = 1500;

/**
 * Where the buyer lands after paying (and where Stripe returns them). It only reads: the upgrade
 * is granted by the verified webhook, so this page asks again until the payment is settled.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const receipt = await context.marketplace.payments
    .receipt({ user, paymentId: Number(params.id) })
    .catch(failureAsPage);
  return {
    paymentId: receipt.paymentId,
    status: receipt.status,
    productName: receipt.product.name,
    listing: receipt.listing,
    failureMessage: receipt.failureMessage,
    upgrades: receipt.upgrades.map((upgrade) =>
      describeEntitlement({
        kind: upgrade.kind,
        days: upgrade.days ?? undefined,
        uses: upgrade.usesTotal ?? undefined,
      }),
    ),
  };
}

export default function PaymentStatus({ loaderData }: Route.ComponentProps) {
  const { paymentId, status, productName, listing, failureMessage, upgrades } = loaderData;
  const revalidator = useRevalidator();
  const isWaiting = status === 'pending' || status === 'processing' || status === 'requires_action';
  useEffect(() => {
    if (!isWaiting) return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [isWaiting, revalidator, loaderData]);

  return (
    <article className="page narrow checkout-page" data-testid="payment-status">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › Payment
      </p>
      {isSettled(status) ? (
        <>
          <h1>Payment confirmed</h1>
          <div className="alert alert--success" role="status">
            <p>
              Thank you. {productName} is now live on ‘{listing.title}’
              {upgrades.length ? `: ${upgrades.join(', ')}` : ''}. We have e-mailed your VAT
              receipt.
            </p>
          </div>
          <p>
            <Link className="button" to={`/my-account/payments/${paymentId}`}>
              View your receipt
            </Link>
          </p>
        </>
      ) : status === 'failed' || status === 'canceled' ? (
        <>
          <h1>Payment not taken</h1>
          <div className="alert alert--error" role="alert">
            <p>{failureMessage ?? 'The payment did not go through.'} Nothing has been charged.</p>
          </div>
          {status === 'failed' ? (
            <p>
              <Link className="button" to={`/my-account/payments/${paymentId}/checkout`}>
                Try again
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <>
          <h1>Payment processing</h1>
          <p role="status">
            We are waiting for the payment provider to confirm your payment. This page updates by
            itself; your upgrade starts as soon as the payment is confirmed.
          </p>
          {status === 'requires_action' ? (
            <p>
              Your bank asked you to confirm the payment.{' '}
              <Link to={`/my-account/payments/${paymentId}/checkout`}>Back to the payment</Link>
            </p>
          ) : null}
        </>
      )}
    </article>
  );
}
