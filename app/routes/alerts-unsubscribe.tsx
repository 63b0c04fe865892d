import { data, Form, Link } from 'react-router';
import type { Route } from './+types/alerts-unsubscribe';

export function meta(): Route.MetaDescriptors {
  return [{ title: 'Stop search alerts | Roost' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, isValid: context.marketplace.alerts.isUnsubscribeTokenValid({ token }) };
}

/**
 * One click in the e-mail, no sign-in: the signed token names the one saved search to stop.
 * Mail clients' RFC 8058 one-click POSTs land here too. A GET never unsubscribes, so link
 * scanners that open every URL cannot stop anyone's alerts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const name = await context.marketplace.alerts.unsubscribe({ token });
  if (name === undefined) throw data({ reason: 'invalid' }, { status: 400 });
  return { name };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page narrow">
      <h1>Stop search alerts</h1>
      {actionData ? (
        <p role="status">
          Done: we won’t e-mail you about “{actionData.name}” again. You can save a new search at
          any time.
        </p>
      ) : loaderData.isValid ? (
        <Form method="post">
          <p>Stop the e-mails for this saved search? Your other alerts carry on.</p>
          <button type="submit" className="button">
            Stop these e-mails
          </button>
        </Form>
      ) : (
        <p role="alert">
          This link is not valid. It may have been copied incompletely. You can manage your alerts
          from <Link to="/saved-searches">your saved searches</Link>.
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page narrow">
      <h1>Stop search alerts</h1>
      <p role="alert">
        This link is not valid. You can manage your alerts from{' '}
        <Link to="/saved-searches">your saved searches</Link>.
      </p>
    </section>
  );
}
