import { Form, Link, redirect, useNavigation } from 'react-router';
import { formatDateTime, formatPence } from '@domain/format';
import { UPGRADE_KIND_LABELS } from '@domain/payments/describe';
import { Button } from '~/components/ui/button';
import { requireUser } from '../../server/auth/guards';
import { formValues } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/payment-cancel';

export function meta() {
  return [{ title: 'Cancel your upgrade | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** The pro-rata refund for cancelling now, shown before the buyer confirms. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const quote = await context.marketplace.payments
    .cancellationQuote({ user, paymentId: Number(params.id) })
    .catch(failureAsPage);
  return { quote };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const paymentId = Number(params.id);
  const { quotedPence, quotedAt } = formValues(await request.formData());
  try {
    await context.marketplace.payments.cancel({
      user,
      paymentId,
      input: { quotedPence, quotedAt },
    });
    return redirect(`/my-account/payments/${paymentId}?cancelled`);
  } catch (error) {
    return formFailure(error, {}, { asPage: ['NOT_FOUND'] });
  }
}

export default function PaymentCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { quote } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  return (
    <article className="page narrow checkout-page">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> ›{' '}
        <Link to={`/my-account/payments/${quote.paymentId}`}>Receipt</Link> › Cancel
      </p>
      <h1>Cancel your upgrade</h1>
      {actionData?.error ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      {quote.isAllowed ? (
        <>
          <p>
            You paid {formatPence(quote.paidPence)}
            {quote.alreadyRefundedPence > 0
              ? ` and ${formatPence(quote.alreadyRefundedPence)} has already been refunded`
              : ''}
            . Because your upgrade started straight away at your request, you get back the unused
            part, pro rata:
          </p>
          <ul>
            {quote.upgrades.map((upgrade, index) => (
              <li key={index}>
                {UPGRADE_KIND_LABELS[upgrade.kind]}: {upgrade.unusedPercent} % unused
              </li>
            ))}
          </ul>
          <p className="order-summary__total" data-testid="cancellation-quote">
            Refund if you cancel now: {formatPence(quote.amountPence)}
          </p>
          {quote.windowEndsAt ? (
            <p>You can cancel until {formatDateTime(quote.windowEndsAt)}.</p>
          ) : null}
          <p>
            Cancelling ends the upgrade at once. The refund goes back to the card you paid with.
          </p>
          <Form method="post">
            <input type="hidden" name="quotedPence" value={quote.amountPence} />
            <input type="hidden" name="quotedAt" value={new Date(quote.quotedAt).toISOString()} />
            <Button type="submit" disabled={isBusy}>
              Cancel and refund {formatPence(quote.amountPence)}
            </Button>
          </Form>
        </>
      ) : (
        <p className="alert alert--info">{quote.reason}</p>
      )}
    </article>
  );
}
