import { requireUser } from '../../server/auth/guards';
import type { Route } from './+types/my-account-data-export';
import { jsonDownload } from './admin-portal-user-export';

/** POST: the signed-in user's own data as a JSON download (UK GDPR art. 15 and 20). */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const data = await context.marketplace.adminUsers.exportOwn({ user });
  return jsonDownload(data, 'roost-my-data.json');
}

export async function loader() {
  throw new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
