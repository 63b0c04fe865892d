import { Link, NavLink } from 'react-router';

const NAV_LINKS = [
  { to: '/search/for-sale/', label: 'Buy' },
  { to: '/search/for-rent/', label: 'Rent' },
  { to: '/pricing/', label: 'Pricing' },
  { to: '/about-us', label: 'About us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact us' },
];

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label="Roost home">
          <RoostMark />
          <span className="logo__word">Roost</span>
        </Link>
        <nav aria-label="Main">
          <ul className="site-nav">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <Link to="/property/new/" className="button button--small">
            + Add list
          </Link>
          <Link to="/my-account/" className="account-link">
            Sign in
          </Link>
        </div>
      </div>
    </header>
  );
}

export function RoostMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" fill="currentColor" />
      <path d="M12 28v-8h8v8" fill="#f2a541" />
    </svg>
  );
}
