import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { formatPence } from '@domain/format';
import { Button } from '~/components/ui/button';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js, fetched from js.stripe.com once per publishable key (the CSP allows it). */
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

interface Props {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the buyer back (after 3-D Secure, or a wallet): the status page. */
  returnPath: string;
  amountPence: number;
}

/**
 * Stripe's Express Checkout Element (Apple Pay, Google Pay) and Payment Element (card), both
 * confirming the same PaymentIntent. Whatever happens here, only the webhook grants the upgrade.
 */
export default function StripeCheckout(props: Props) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ clientSecret, returnPath, amountPence }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function confirm() {
    if (!stripe || !elements) return;
    setIsBusy(true);
    setError(null);
    const submitted = await elements.submit();
    if (submitted.error) {
      setError(submitted.error.message ?? 'Check your payment details.');
      setIsBusy(false);
      return;
    }
    const result = await stripe.confirmPayment({
      elements,
      clientSecret,
      confirmParams: { return_url: new URL(returnPath, window.location.href).toString() },
    });
    // Only reached when the payment could not be confirmed (otherwise Stripe redirects).
    setError(result.error.message ?? 'The payment did not go through. Please try again.');
    setIsBusy(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void confirm();
  }

  return (
    <form className="form stripe-checkout" onSubmit={onSubmit}>
      <ExpressCheckoutElement onConfirm={() => void confirm()} />
      <PaymentElement />
      {error ? (
        <div className="alert alert--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <Button type="submit" disabled={!stripe || isBusy}>
        Pay {formatPence(amountPence)}
      </Button>
    </form>
  );
}
