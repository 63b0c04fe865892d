import { Link } from 'react-router';
import { STORAGE_FLAGS } from '~/lib/browser-storage';
import { useStoredFlag } from '~/components/use-stored-flag';

/**
 * UK PECR: only essential cookies (sign-in, these choices) until someone accepts optional ones.
 * The choice is remembered under the cookie-accepted flag ('true' or 'false').
 */
export function CookieBanner() {
  const [choice, setChoice] = useStoredFlag(STORAGE_FLAGS.cookieAccepted);
  if (choice === undefined || choice === 'true' || choice === 'false') return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="cookie-banner__inner">
        <div>
          <h2 id="cookie-banner-title">Cookies on Roost</h2>
          <p>
            We use essential cookies to keep you signed in and remember your choices. With your
            permission we would also use optional cookies to understand how Roost is used, so we can
            improve it. <Link to="/privacy-policy#cookies">How we use cookies</Link>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="button" onClick={() => setChoice('true')}>
            Accept optional cookies
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setChoice('false')}
          >
            Reject optional cookies
          </button>
        </div>
      </div>
    </section>
  );
}
