import { requireAdmin } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-user-export';

/**
 * POST: download everything Roost holds on one account as JSON (a subject access request).
 * Administrators only; each export is recorded in the audit log. GET is not offered, so a link
 * cannot export by accident.
 */
export async function action({ context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context.user);
  try {
    const data = await context.marketplace.adminUsers.export({ user: admin, sub: params.sub });
    return jsonDownload(data, `roost-user-${params.sub}.json`);
  } catch (error) {
    failureAsPage(error);
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context.user);
  throw new Response(null, { status: 405, headers: { Allow: 'POST' } });
}

export function jsonDownload(data: unknown, filename: string): Response {
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
