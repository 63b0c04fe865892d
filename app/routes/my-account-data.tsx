import { Form, Link, useNavigation } from 'react-router';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { requireUser } from '../../server/auth/guards';
import { dispatchIntent, formText } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/my-account-data';

export function meta() {
  return [{ title: 'Your data | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** The signed-in user's UK GDPR rights: a copy of their data, and erasure after 14 days' grace. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  return { erasure: await context.marketplace.adminUsers.erasureStatus({ user }) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  const { adminUsers } = context.marketplace;
  try {
    return await dispatchIntent<{ intent: string; message: string }>(form, {
      'request-erasure': async () => {
        const password = formText(form, 'password');
        const { dueAt } = await adminUsers.requestErasure({ user, password });
        return {
          intent: 'request-erasure',
          message: `Your account will be erased on ${formatDateTime(dueAt)}.`,
        };
      },
      'cancel-erasure': async () => {
        await adminUsers.cancelErasure({ user });
        return {
          intent: 'cancel-erasure',
          message: 'Erasure cancelled: your account stays as it is.',
        };
      },
    });
  } catch (error) {
    return formFailure(error, { intent: formText(form, 'intent') });
  }
}

export default function YourData({ loaderData, actionData }: Route.ComponentProps) {
  const { erasure } = loaderData;
  const isBusy = useNavigation().state === 'submitting';
  const result = actionData as
    | { intent: string; message?: string; error?: string; fields?: Record<string, string> }
    | undefined;
  return (
    <div className="page">
      <p>
        <Link to="/my-account">My account</Link>
      </p>
      <h1>Your data</h1>
      {result?.message ? (
        <div className="alert alert--success" role="status">
          <p>{result.message}</p>
        </div>
      ) : null}
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">Download a copy</h2>
        <p>
          A JSON file with everything Roost holds about you: your profile, listings and photo
          addresses, enquiries sent and received, favourites and notes, saved searches, reports,
          payments, consents and sign-in history.
        </p>
        <Form method="post" action="/my-account/data/export" reloadDocument>
          <Button type="submit" variant="secondary">
            Download my data
          </Button>
        </Form>
      </section>
      <section className="card" aria-labelledby="erase-title">
        <h2 id="erase-title">Erase your account</h2>
        {erasure ? (
          <>
            <p data-testid="erasure-due">
              Your account is due to be erased on {formatDateTime(erasure.dueAt)}. Until then you
              can change your mind.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-erasure" />
              <Button type="submit" disabled={isBusy}>
                Cancel erasure
              </Button>
            </Form>
          </>
        ) : (
          <>
            <p>
              We wait 14 days before erasing, so you can cancel. Then your sign-in is deleted, your
              listings removed, and every message you wrote is replaced by a note that it was
              removed, for you and the people you wrote to. We keep invoices (six years, for VAT and
              company records) and moderation records (Online Safety Act), without your details
              where the law allows: see{' '}
              <Link to="/privacy-policy#erasure">what erasure keeps, and why</Link>.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="request-erasure" />
              <TextField
                id="erase-password"
                name="password"
                type="password"
                label="Your password, to confirm it is you"
                autoComplete="current-password"
                required
                error={result?.intent === 'request-erasure' ? result.fields?.password : undefined}
              />
              <Button type="submit" disabled={isBusy}>
                Erase my account in 14 days
              </Button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
