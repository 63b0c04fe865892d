import { useNavigation } from 'react-router';
import { formatPence } from '@domain/format';
import { AdminPaymentPage } from '~/features/admin/payments/admin-payment-page';
import { refundFormInput } from '~/features/admin/payments/refund-form-input';
import { requireAdmin } from '../../server/auth/guards';
import { formText, invalidForm, parseForm } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
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

/** A refund: the amount read as pence here, the rest checked by the use case's schema. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireAdmin(context.user);
  const formData = await request.formData();
  const values = {
    amount: formText(formData, 'amount'),
    reason: formText(formData, 'reason'),
    note: formText(formData, 'note'),
  };
  const parsed = parseForm(formData, refundFormInput);
  if (!parsed.ok) return invalidForm(parsed, { values });
  try {
    const refund = await context.marketplace.payments.admin.refund({
      user,
      paymentId: Number(params.id),
      input: parsed.value,
    });
    return { message: `Refunded ${formatPence(refund.amountPence)}.` };
  } catch (error) {
    return formFailure(error, { values }, { asPage: ['NOT_FOUND'] });
  }
}

export default function AdminUserPayment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AdminPaymentPage
      detail={loaderData.detail}
      idempotencyKey={loaderData.idempotencyKey}
      outcome={actionData}
      isBusy={navigation.state === 'submitting'}
    />
  );
}
