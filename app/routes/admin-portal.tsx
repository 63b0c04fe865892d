import { NavLink, Outlet } from 'react-router';
import { ADMIN_LINKS } from '~/layout/site-links';
import { requireAdmin } from '../../server/auth/guards';
import type { Route } from './+types/admin-portal';

export function meta() {
  return [{ title: 'Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Every /admin-portal/* page passes through here: the server answers 403 unless the verified
 * ID token's `cognito:groups` contains `admins`. Child routes with their own loaders must call
 * `requireAdmin` too, because React Router runs loaders in parallel.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  return { adminEmail: admin.email ?? admin.username };
}

export default function AdminPortal({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page admin-portal">
      <h1>Admin portal</h1>
      <p className="lead">Signed in as {loaderData.adminEmail}.</p>
      <nav aria-label="Admin sections">
        <ul className="admin-tabs">
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
