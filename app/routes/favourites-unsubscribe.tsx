import { data, Form, Link } from 'react-router';
import type { Route } from './+types/favourites-unsubscribe';

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'Stop e-mails about saved homes | Roost' },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { kind: context.marketplace.favourites.alertTokenKind({ token }) ?? null };
}

/**
 * One click in the e-mail, no sign-in: the signed token names one account and one kind of
 * change to stop e-mailing about. Mail clients' RFC 8058 one-click POSTs land here too; a GET
 * never unsubscribes, so link scanners cannot stop anyone's e-mails.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const kind = await context.marketplace.favourites.unsubscribeAlert({ token });
  if (kind === undefined) throw data({ reason: 'invalid' }, { status: 400 });
  return { kind };
}

function InvalidLink() {
  return (
    <p role="alert">
      This link is not valid. It may have been copied incompletely. You can choose which e-mails you
      get from <Link to="/favourites">your favourites</Link>.
    </p>
  );
}

export default function FavouritesUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page narrow">
      <h1>Stop e-mails about saved homes</h1>
      {actionData ? (
        <p role="status">
          Done: we won’t e-mail you when a saved home {actionData.kind} again. You can turn these
          e-mails back on from <Link to="/favourites">your favourites</Link>.
        </p>
      ) : loaderData.kind ? (
        <Form method="post">
          <p>
            Stop e-mailing you when a saved home {loaderData.kind}? Your other e-mails about saved
            homes carry on.
          </p>
          <button type="submit" className="button">
            Stop these e-mails
          </button>
        </Form>
      ) : (
        <InvalidLink />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page narrow">
      <h1>Stop e-mails about saved homes</h1>
      <InvalidLink />
    </section>
  );
}
