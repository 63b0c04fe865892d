import { Form, Link, useNavigation } from 'react-router';
import { formatDateTime, formatPence } from '@domain/format';
import { PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import { ADMIN_REFUND_REASONS, REFUND_REASON_LABELS } from '@domain/payments/refunds';
import { poundsToPence } from '@domain/payments/pounds-input';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { requireAdmin } from '../../server/auth/guards';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import { PaymentAlerts } from '~/features/payments/payment-alerts';
import type { Route } from './+types/admin-portal-user-payment';

export function meta() {
  return [{ title: 'Payment – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** One payment for administrators: receipt, timeline, refunds, and the refund form. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const detail = await context.marketplace.payments.admin
    .detail({ user: admin, paymentId: Number(params.id) })
    .catch(failureAsPage);
  return { detail, idempotencyKey: crypto.randomUUID().replaceAll('-', '') };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context.user);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const values = { amount: form.amount ?? '', reason: form.reason ?? '', note: form.note ?? '' };
  const amountPence = poundsToPence(form.amount);
  if (amountPence === 'invalid') {
    return {
      values,
      error: 'Check the highlighted fields.',
      fields: { amount: 'Enter an amount in pounds and pence, like 4.50' } as Record<
        string,
        string
      >,
    };
  }
  try {
    const refund = await context.marketplace.payments.admin.refund({
      user: admin,
      paymentId: Number(params.id),
      input: {
        amountPence,
        reason: form.reason,
        note: form.note,
        idempotencyKey: form.idempotencyKey,
      },
    });
    return { message: `Refunded ${formatPence(refund.amountPence)}.` };
  } catch (error) {
    return formFailure(error, { values }, { asPage: ['NOT_FOUND'] });
  }
}

export default function AdminUserPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, idempotencyKey } = loaderData;
  const { receipt } = detail;
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const failure = actionData && 'error' in actionData ? actionData : null;
  const message = actionData && 'message' in actionData ? actionData.message : null;
  return (
    <section className="card admin-section admin-payments" aria-labelledby="admin-section-title">
      <p className="breadcrumbs">
        <Link to="/admin-portal/user-payments/">User payments</Link> › Payment {receipt.paymentId}
      </p>
      <h2 id="admin-section-title">
        {receipt.product.name} · {formatPence(receipt.amountPence)}
      </h2>
      {message ? (
        <div className="alert alert--success" role="status">
          <p>{message}</p>
        </div>
      ) : null}
      <PaymentAlerts alerts={detail.alerts} linkToPayment={false} />
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
      {detail.refundablePence > 0 ? (
        <>
          <h3 id="refund-form-title">Refund</h3>
          {failure ? (
            <div className="alert alert--error" role="alert">
              <p>{failure.error}</p>
            </div>
          ) : null}
          <Form method="post" className="form" aria-labelledby="refund-form-title">
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <TextField
              id="refund-amount"
              name="amount"
              label="Amount (£)"
              hint={`Leave blank to refund everything left: ${formatPence(detail.refundablePence)}.`}
              inputMode="decimal"
              defaultValue={failure?.values?.amount ?? ''}
              error={failure?.fields?.amount ?? failure?.fields?.amountPence}
            />
            <SelectField
              id="refund-reason"
              name="reason"
              label="Reason"
              required
              placeholder="Choose a reason"
              isPlaceholderSelectable={false}
              defaultValue={failure?.values?.reason ?? ''}
              options={ADMIN_REFUND_REASONS.map((reason) => [reason, REFUND_REASON_LABELS[reason]])}
              error={failure?.fields?.reason}
            />
            <Field id="refund-note" label="Note" error={failure?.fields?.note}>
              {(control) => (
                <textarea
                  {...control}
                  name="note"
                  maxLength={1000}
                  defaultValue={failure?.values?.note ?? ''}
                />
              )}
            </Field>
            <Button type="submit" disabled={isBusy}>
              Refund
            </Button>
          </Form>
        </>
      ) : (
        <p>Nothing is left to refund.</p>
      )}
    </section>
  );
}
