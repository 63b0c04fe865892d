import { Link } from 'react-router';

const FOOTER_LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about-us', label: 'About us' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/terms-of-use', label: 'Terms of use' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/payment-refund-policy', label: 'Payment and refund policy' },
  { to: '/my-account', label: 'My account' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-list-free">
          <h2 id="footer-list-free">List for free</h2>
          <p>Selling or letting? Advertise your home on Roost at no cost.</p>
          <Link to="/property/new/" className="button">
            Add a listing
          </Link>
        </section>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-legal">
          <p>Listings on Roost are completely free.</p>
          <p>Roost is not a mortgage intermediary and does not give financial advice.</p>
          <p>Roost is registered in England and Wales.</p>
        </div>
      </div>
    </footer>
  );
}
