import { Form, Link } from 'react-router';
import { userSearchInput } from '@domain/admin/user-actions';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { CheckboxGroup } from '~/components/ui/choice-group';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { requireAdmin } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-user-information';

export function meta() {
  return [
    { title: 'User information – Admin portal | Roost' },
    { name: 'robots', content: 'noindex' },
  ];
}

const STATUS_OPTIONS = [
  ['active', 'Active'],
  ['unconfirmed', 'Unconfirmed'],
  ['disabled', 'Disabled'],
] as const;

const FLAG_OPTIONS = [
  ['admins', 'Administrators'],
  ['hasListings', 'Has listings'],
  ['reported', 'Listings reported'],
] as const;

/** Account search: by e-mail, name, phone or user id, narrowed by status and flags. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const params = new URL(request.url).searchParams;
  const flags = params.getAll('flag');
  const query = {
    q: params.get('q') ?? '',
    // The use case's rule: an unknown status means any.
    status: userSearchInput.shape.status.parse(params.get('status') || undefined),
    admins: flags.includes('admins'),
    hasListings: flags.includes('hasListings'),
    reported: flags.includes('reported'),
  };
  const isSearch = query.q !== '' || !!query.status || flags.length > 0 || params.has('q');
  try {
    const result = isSearch
      ? await context.marketplace.adminUsers.search({ user: admin, query })
      : null;
    return {
      values: { q: query.q, status: query.status ?? '', flags },
      accounts: result?.accounts ?? null,
    };
  } catch (error) {
    failureAsPage(error);
  }
}

function statusOf(account: { isEnabled: boolean; status: string }): string {
  if (!account.isEnabled) return 'Disabled';
  if (account.status === 'UNCONFIRMED') return 'Unconfirmed';
  if (account.status === 'RESET_REQUIRED') return 'Password reset required';
  if (account.status === 'FORCE_CHANGE_PASSWORD') return 'Invited';
  return 'Active';
}

export default function UserInformation({ loaderData }: Route.ComponentProps) {
  const { values, accounts } = loaderData;
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">User information</h2>
      <Form method="get" className="form-row admin-filters" role="search" aria-label="Find a user">
        <TextField
          id="user-q"
          className="admin-filters__query"
          name="q"
          label="E-mail, name, phone or user id"
          hint="The start of an e-mail address or name is enough."
          defaultValue={values.q}
          autoComplete="off"
        />
        <SelectField
          id="user-status"
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          placeholder="Any status"
          defaultValue={values.status}
        />
        <Button type="submit">Search</Button>
        <CheckboxGroup
          name="flag"
          legend="Only"
          className="admin-filters__flags"
          options={FLAG_OPTIONS}
          defaultValues={values.flags}
        />
      </Form>
      {accounts === null ? (
        <p className="empty-state">Search for an account to see its details.</p>
      ) : accounts.length === 0 ? (
        <p className="empty-state" role="status">
          No accounts match.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption>
              {accounts.length === 1 ? '1 account' : `${accounts.length} accounts`} found
            </caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.sub} data-testid="user-row">
                  <td>
                    <Link to={`/admin-portal/user-information/${account.sub}`}>
                      {account.email ?? account.username}
                    </Link>
                  </td>
                  <td>{account.name ?? '—'}</td>
                  <td>{account.phone ?? '—'}</td>
                  <td>{statusOf(account)}</td>
                  <td>{account.createdAt ? formatDateTime(account.createdAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
