import { useParams } from 'react-router';
import { ADMIN_LINKS } from '~/layout/site-links';
import { requireAdmin } from '../../server/auth/guards';
import type { Route } from './+types/admin-portal-section';

const SUMMARIES: Record<string, string> = {
  '': 'An overview of what needs attention across Roost.',
  'reported-ads': 'Listings that visitors have reported, oldest first.',
  'user-payments': 'Payments for optional upgrades, with refunds.',
  'user-information': 'Look up an account, its listings and its sign-in status.',
  campaigns: 'E-mail campaigns and featured placements.',
};

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context.user);
  return null;
}

export default function AdminPortalSection() {
  const params = useParams();
  const slug = (params['*'] ?? '').replace(/\/+$/, '');
  const link = ADMIN_LINKS.find(
    (item) => item.to.replace(/^\/admin-portal\/?/, '').replace(/\/$/, '') === slug,
  );
  const title = link?.label ?? 'Admin portal';
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">{title}</h2>
      <p>{SUMMARIES[slug] ?? 'This section of the admin portal does not exist.'}</p>
      <p className="empty-state">Nothing needs your attention here right now.</p>
    </section>
  );
}
