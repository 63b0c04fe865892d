import { data, Form, Link } from 'react-router';
import type { Route } from './+types/marketing-unsubscribe';

export function meta(): Route.MetaDescriptors {
  return [{ title: 'Stop marketing e-mails | Roost' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { isValid: context.marketplace.campaigns.isUnsubscribeTokenValid({ token }) };
}

/**
 * The link in every campaign e-mail, no sign-in: the signed token names the person. Mail
 * clients' RFC 8058 one-click POSTs (`List-Unsubscribe-Post`) land here too. A GET never
 * unsubscribes, so link scanners cannot withdraw anyone's consent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const isDone = await context.marketplace.campaigns.unsubscribe({ token });
  if (!isDone) throw data({ reason: 'invalid' }, { status: 400 });
  return { isDone };
}

export default function MarketingUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page narrow">
      <h1>Stop marketing e-mails</h1>
      {actionData ? (
        <p role="status">
          Done: we won’t send you news or offers again. Your search alerts and messages about your
          listings carry on. You can opt in again from{' '}
          <Link to="/my-account/marketing">your account</Link>.
        </p>
      ) : loaderData.isValid ? (
        <Form method="post">
          <p>Stop Roost’s news and offers e-mails?</p>
          <button type="submit" className="button">
            Unsubscribe
          </button>
        </Form>
      ) : (
        <InvalidLink />
      )}
    </section>
  );
}

function InvalidLink() {
  return (
    <p role="alert">
      This link is not valid. It may have been copied incompletely. You can change your choice from{' '}
      <Link to="/my-account/marketing">your account</Link>.
    </p>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page narrow">
      <h1>Stop marketing e-mails</h1>
      <InvalidLink />
    </section>
  );
}
