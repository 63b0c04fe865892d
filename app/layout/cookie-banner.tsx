import { useContext } from 'react';
import { Link, UNSAFE_FrameworkContext as FrameworkContext } from 'react-router';
import { STORAGE_FLAGS } from '~/lib/browser-storage';
import { useStoredFlag } from '~/components/use-stored-flag';

/**
 * UK PECR: only essential cookies (sign-in, these choices) until someone accepts optional ones.
 * The choice is remembered under the cookie-accepted flag ('true' or 'false').
 *
 * The banner is in the server's HTML, so it is painted with the page instead of after the
 * JavaScript (on a phone it was the largest thing on screen, and so the page's LCP); the script
 * from `CookieChoiceScript` hides it before the first paint for visitors who already chose.
 */
export function CookieBanner() {
  const [choice, setChoice] = useStoredFlag(STORAGE_FLAGS.cookieAccepted);
  if (choice === 'true' || choice === 'false') return null;
  // Until the page is hydrated the buttons could not record anything: not clickable yet.
  const waiting = choice === undefined;
  return (
    <section className="cookie-banner needs-javascript" aria-labelledby="cookie-banner-title">
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
          <button
            type="button"
            className="button"
            disabled={waiting}
            onClick={() => setChoice('true')}
          >
            Accept optional cookies
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={waiting}
            onClick={() => setChoice('false')}
          >
            Reject optional cookies
          </button>
        </div>
      </div>
    </section>
  );
}

const CHOICE_MADE = 'data-cookie-choice';

/**
 * Runs in `<head>` before the body is painted: marks the page when a choice is already stored, and
 * `cookie-banner.css` hides the banner then. The page root takes `suppressHydrationWarning` for
 * the attribute. Its nonce comes from React Router's context, as its own inline scripts' do.
 */
export function CookieChoiceScript() {
  const nonce = useContext(FrameworkContext)?.nonce;
  const key = JSON.stringify(STORAGE_FLAGS.cookieAccepted);
  const script = `try{var c=localStorage.getItem(${key});if(c==='true'||c==='false')document.documentElement.setAttribute('${CHOICE_MADE}','')}catch(e){}`;
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
  );
}
