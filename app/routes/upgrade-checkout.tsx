import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { PROMO_CODE_MAX_LENGTH } from '@domain/campaigns/promo-code';
import { describeEntitlement } from '@domain/payments/describe';
import {
  IMMEDIATE_START_WORDING,
  canBuyUpgradeFor,
  whyNotPurchasable,
} from '@domain/payments/rules';
import { splitVat } from '@domain/payments/vat';
import { Button } from '~/components/ui/button';
import { ErrorText } from '~/components/ui/error-text';
import { TextField } from '~/components/ui/text-field';
import { CancellationRights, OrderSummary } from '~/features/payments/order-summary';
import { requireUser } from '../../server/auth/guards';
import { formText, formValues } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/upgrade-checkout';

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Buy ${loaderData?.product.name ?? 'an upgrade'} | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The lister confirms an upgrade for their own listing: what it is, the price with its VAT, the
 * request to start at once (required, never pre-ticked) and the cancellation rights. A key made
 * once per visit goes with the form, so a double-click makes one order.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const { marketplace } = context;
  const listing = await marketplace.listings
    .getOwn({ user, listingId: Number(params.id) })
    .catch(failureAsPage);
  const product = (await marketplace.payments.products()).find(
    (entry) => entry.code === params.product,
  );
  if (listing.deletedAt !== null || !product) throw data(null, { status: 404 });
  return {
    listing: { id: listing.id, title: listing.title, status: listing.status },
    product,
    isAvailable: marketplace.payments.checkoutKind() !== undefined,
    idempotencyKey: crypto.randomUUID().replaceAll('-', ''),
    wording: IMMEDIATE_START_WORDING,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  const { idempotencyKey, promoCode } = formValues(form);
  try {
    const checkout = await context.marketplace.payments.startCheckout({
      user,
      listingId: Number(params.id),
      input: {
        productCode: params.product,
        idempotencyKey,
        startImmediately: formText(form, 'startImmediately') === 'yes' ? true : undefined,
        promoCode,
      },
    });
    // A promo code that makes the order free completes it at once: no card to take.
    if (checkout.status === 'paid') return redirect(`/my-account/payments/${checkout.paymentId}`);
    return redirect(`/my-account/payments/${checkout.paymentId}/checkout`);
  } catch (error) {
    return formFailure(error, { values: { promoCode: formText(form, 'promoCode') } });
  }
}

export default function UpgradeCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, product, isAvailable, idempotencyKey, wording } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  const { netPence, vatPence } = splitVat(product.pricePence);
  const canBuy = canBuyUpgradeFor({ status: listing.status });
  const fields = actionData?.fields ?? {};
  return (
    <article className="page narrow checkout-page">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> ›{' '}
        <Link to={`/my-account/listings/${listing.id}`}>Manage listing</Link> › Buy an upgrade
      </p>
      <h1>Buy {product.name}</h1>
      <p>
        {product.description} You get: {product.entitlements.map(describeEntitlement).join(', ')}.
      </p>
      <OrderSummary
        productName={product.name}
        listingTitle={listing.title}
        pricePence={product.pricePence}
        amountPence={product.pricePence}
        netPence={netPence}
        vatPence={vatPence}
      />
      {actionData?.error ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      {!canBuy ? (
        <p className="alert alert--info">{whyNotPurchasable(listing.status)}</p>
      ) : !isAvailable ? (
        <p className="alert alert--info">
          Paid upgrades are not available at the moment. Please try again later.
        </p>
      ) : (
        <Form method="post" className="form checkout-form">
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <TextField
            id="promoCode"
            name="promoCode"
            label="Promo code (optional)"
            autoComplete="off"
            maxLength={PROMO_CODE_MAX_LENGTH}
            defaultValue={actionData?.values.promoCode ?? ''}
            error={fields.promoCode}
          />
          <div className="form-field">
            <label className="choice checkout-form__consent">
              <input
                type="checkbox"
                name="startImmediately"
                value="yes"
                required
                aria-invalid={fields.startImmediately ? true : undefined}
                aria-describedby={fields.startImmediately ? 'startImmediately-error' : undefined}
              />{' '}
              {wording}
            </label>
            <ErrorText id="startImmediately-error">{fields.startImmediately}</ErrorText>
          </div>
          <CancellationRights />
          <Button type="submit" disabled={isBusy}>
            Continue to payment
          </Button>
        </Form>
      )}
    </article>
  );
}
