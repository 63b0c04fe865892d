import { Form, Link, redirect, useNavigation } from 'react-router';
import { MARKETING_CONSENT_WORDING } from '@domain/campaigns/campaign-inputs';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { formText, formValues } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/my-account-marketing';

export function meta() {
  return [{ title: 'Marketing e-mails | Roost' }, { name: 'robots', content: 'noindex' }];
}

/**
 * PECR: a separate, unticked opt-in for news and offers, never a condition of using Roost, and
 * withdrawable here or from any campaign e-mail. Each choice is stored with its time and the
 * exact words shown.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = context;
  if (!user) {
    const path = new URL(request.url).pathname;
    throw redirect(`/my-account?redirectTo=${encodeURIComponent(path)}`);
  }
  return {
    consent: await context.marketplace.campaigns.consent({ user }),
    wording: MARKETING_CONSENT_WORDING,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const consent = await context.marketplace.campaigns.setConsent({
      user: context.user,
      input: formValues(form),
      source: formText(form, 'source') === 'sign-up' ? 'sign-up' : 'account',
    });
    return {
      message: consent.isGranted
        ? 'You’ll get our news and offers.'
        : 'You won’t get our news and offers.',
    };
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function MarketingEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { consent, wording } = loaderData;
  const isBusy = useNavigation().state === 'submitting';
  return (
    <section className="page narrow" aria-labelledby="marketing-title">
      <h1 id="marketing-title">Marketing e-mails</h1>
      {actionData ? (
        'message' in actionData ? (
          <div className="alert alert--success" role="status">
            <p>{actionData.message}</p>
          </div>
        ) : (
          <div className="alert alert--error" role="alert">
            <p>{actionData.error}</p>
          </div>
        )
      ) : null}
      <p>
        Optional: you can use everything on Roost without these e-mails. Search alerts and messages
        about your listings are separate.
      </p>
      <p>
        {consent.isGranted && consent.at
          ? `You opted in on ${formatDateTime(consent.at)}.`
          : 'You have not opted in.'}
      </p>
      <Form method="post" className="form">
        <label className="choice">
          <input type="checkbox" name="isGranted" defaultChecked={consent.isGranted} /> {wording}
        </label>
        <Button type="submit" disabled={isBusy}>
          Save my choice
        </Button>
      </Form>
      <p>
        <Link to="/my-account">Back to your account</Link>
      </p>
    </section>
  );
}
