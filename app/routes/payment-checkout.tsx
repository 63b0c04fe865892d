import { lazy, Suspense } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '@domain/payments/payment-methods';
import { PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import { RadioGroup } from '~/components/ui/choice-group';
import { Button } from '~/components/ui/button';
import { OrderSummary } from '~/features/payments/order-summary';
import { requireUser } from '../../server/auth/guards';
import { formValues } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/payment-checkout';

/** Stripe.js and its React elements load only here, and only when Stripe takes the payment. */
const StripeCheckout = lazy(() => import('~/features/payments/stripe-checkout'));

export function meta() {
  return [{ title: 'Pay for your upgrade | Roost' }, { name: 'robots', content: 'noindex' }];
}

const PAYABLE = new Set(['pending', 'failed', 'requires_action']);

/** The test checkout's ways to pay: the same as Stripe's, each plainly a test. */
const TEST_METHOD_OPTIONS = PAYMENT_METHODS.map(
  (method) =>
    [method, method === 'card' ? 'Test card' : `${PAYMENT_METHOD_NAMES[method]} (test)`] as const,
);

/** The buyer's own checkout: Stripe's elements, or the built-in test page's outcomes. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const paymentId = Number(params.id);
  const checkout = await context.marketplace.payments
    .getCheckout({ user, paymentId })
    .catch(failureAsPage);
  if (!PAYABLE.has(checkout.status)) throw redirect(`/my-account/payments/${paymentId}/status`);
  return { checkout, statusPath: `/my-account/payments/${paymentId}/status` };
}

/** Only the test provider's buttons post here; the payment changes through its signed webhook. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const paymentId = Number(params.id);
  const { outcome, method } = formValues(await request.formData());
  try {
    const result = await context.marketplace.payments.submitTestOutcome({
      user,
      paymentId,
      input: { outcome, method: method || undefined },
    });
    if (result.status === 'failed' || result.status === 'requires_action') return { ...result };
    return redirect(`/my-account/payments/${paymentId}/status`);
  } catch (error) {
    return formFailure(error, {}, { asPage: ['NOT_FOUND'] });
  }
}

// size: markup: the order summary, the payment outcome and the test or Stripe payment form
export default function PaymentCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, statusPath } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  const status = actionData && 'status' in actionData ? actionData.status : checkout.status;
  const failureMessage =
    actionData && 'status' in actionData ? actionData.failureMessage : checkout.failureMessage;
  return (
    <article className="page narrow checkout-page">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › Payment
      </p>
      <h1>Pay for {checkout.product.name}</h1>
      <OrderSummary
        productName={checkout.product.name}
        listingTitle={checkout.listing.title}
        pricePence={checkout.pricePence}
        discountPence={checkout.discountPence}
        amountPence={checkout.amountPence}
        netPence={checkout.netPence}
        vatPence={checkout.vatPence}
      />
      {status === 'failed' && failureMessage ? (
        <div className="alert alert--error" role="alert">
          <p>The payment did not go through: {failureMessage} You can try again.</p>
        </div>
      ) : null}
      {actionData && 'error' in actionData ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      {checkout.provider.kind === 'test' ? (
        <section className="test-checkout" aria-labelledby="test-checkout-title">
          <h2 id="test-checkout-title">Test payment</h2>
          <p className="alert alert--warning">
            This is a test payment: no money moves and no card is needed. Choose a test wallet or
            card, then what it does. Roost is running without a payment provider (test mode).
          </p>
          <p>Status: {PAYMENT_STATUS_LABELS[status]}</p>
          <Form method="post" className="test-checkout__outcomes">
            {status === 'requires_action' ? null : (
              <RadioGroup
                name="method"
                legend="Pay with (test)"
                options={TEST_METHOD_OPTIONS}
                defaultValue="card"
              />
            )}
            {status === 'requires_action' ? (
              <Button type="submit" name="outcome" value="authenticate" disabled={isBusy}>
                Authenticate
              </Button>
            ) : (
              <>
                <Button type="submit" name="outcome" value="pay" disabled={isBusy}>
                  Pay
                </Button>
                <Button
                  type="submit"
                  name="outcome"
                  value="decline"
                  variant="secondary"
                  disabled={isBusy}
                >
                  Decline
                </Button>
                <Button
                  type="submit"
                  name="outcome"
                  value="needs_authentication"
                  variant="secondary"
                  disabled={isBusy}
                >
                  Needs authentication
                </Button>
              </>
            )}
          </Form>
        </section>
      ) : checkout.clientSecret ? (
        <Suspense
          fallback={
            <p role="status" className="checkout-page__loading">
              Loading the secure payment form…
            </p>
          }
        >
          <StripeCheckout
            publishableKey={checkout.provider.publishableKey}
            clientSecret={checkout.clientSecret}
            returnPath={statusPath}
            amountPence={checkout.amountPence}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
