import { formatYear } from '@domain/format';
import { useRootData } from '~/lib/use-root-data';
import { SocialIcon } from '~/components/icons';
import { PageLink } from '~/components/page-link';
import { PaymentIcons } from '~/components/payment-icons';
import { ADD_LISTING_PATH, useStartNewListing } from './use-add-listing';

const FOOTER_LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about-us', label: 'About us' },
  { to: '/data-sources', label: 'Data sources' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/terms-of-use', label: 'Terms of use' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/payment-refund-policy', label: 'Payment and refund policy' },
  { to: '/my-account', label: 'My account' },
];

export function SiteFooter() {
  const { site, checkoutKind } = useRootData();
  const startNewListing = useStartNewListing();
  const year = formatYear(new Date());
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-list-free" className="footer-cta">
          <h2 id="footer-list-free">List for free</h2>
          <p>Selling or letting? Advertise your home on Roost at no cost, in a few minutes.</p>
          <PageLink
            to={ADD_LISTING_PATH}
            className="button button--secondary"
            onClick={startNewListing}
          >
            Add a listing
          </PageLink>
        </section>
        <nav aria-label="Footer">
          <h2 className="footer-heading">Roost</h2>
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <PageLink to={link.to}>{link.label}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-side">
          {site.socialLinks.length > 0 ? (
            <>
              <h2 className="footer-heading">Follow us</h2>
              <ul className="social-links">
                {site.socialLinks.map((link) => (
                  <li key={link.name}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      <SocialIcon name={link.name} />
                      <span className="visually-hidden">
                        Roost on {link.name} (opens in a new tab)
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h2 className="footer-heading">Ways to pay for upgrades</h2>
          <PaymentIcons kind={checkoutKind} />
        </div>
        <div className="footer-legal">
          <p>Listings on Roost are completely free.</p>
          <p>Roost is not a mortgage intermediary and does not give financial advice.</p>
          <p>
            Place names and locations from <a href="https://www.geonames.org/">GeoNames</a> (
            <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>). Postcode
            locations: contains OS data © Crown copyright and database right 2025, Royal Mail data ©
            Royal Mail copyright and database right 2025; source: Office for National Statistics,{' '}
            <PageLink to="/about-us#data-we-use">Open Government Licence v.3.0</PageLink>.
          </p>
          <p>
            © {year} {site.companyName}. Registered in England and Wales
            {site.companyNumber ? `, company number ${site.companyNumber}` : ''}.
          </p>
        </div>
      </div>
    </footer>
  );
}
