import { CANCELLATION_DAYS } from '@domain/payments/cancellation';
import { RefundPolicy } from '~/features/payments/refund-policy';
import type { Route } from './+types/payment-refund-policy';

export function meta() {
  return [
    { title: 'Payment and refund policy | Roost' },
    {
      name: 'description',
      content: `How paying for optional Roost upgrades works, your right to cancel within ${CANCELLATION_DAYS} days and how refunds are worked out.`,
    },
  ];
}

/** The upgrades on sale now (admins may change the catalogue) and how payments are taken here. */
export async function loader({ context }: Route.LoaderArgs) {
  const { payments } = context.marketplace;
  return {
    products: await payments.products(),
    checkoutKind: payments.checkoutKind()?.kind ?? null,
  };
}

export default function PaymentRefundPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="content-page">
      <h1>Payment and refund policy</h1>
      <RefundPolicy products={loaderData.products} checkoutKind={loaderData.checkoutKind} />
    </article>
  );
}
