import { useAuth, loadAmplifyClient } from '~/features/auth/auth-context';
import { STORAGE_FLAGS } from '~/lib/browser-storage';
import { CloseIcon, GoogleIcon } from '~/components/icons';
import { useStoredFlag } from '~/components/use-stored-flag';

/**
 * The floating 'Log in with Google' banner, for signed-out visitors when Google sign-in is
 * configured. Dismissing collapses it to a small button (remembered under the banner-dismissed
 * flag); that button expands it again. Signing in clears the flag.
 */
export function GoogleBanner() {
  const { status, isGoogleEnabled } = useAuth();
  const [dismissed, setDismissed] = useStoredFlag(STORAGE_FLAGS.bannerDismissed);
  const [cookieChoice] = useStoredFlag(STORAGE_FLAGS.cookieAccepted);
  if (status !== 'unauthenticated' || !isGoogleEnabled || dismissed === undefined) return null;
  // Wait for the cookie choice so the two banners never cover each other.
  if (cookieChoice !== 'true' && cookieChoice !== 'false') return null;

  if (dismissed === 'true') {
    return (
      <div className="google-banner google-banner--collapsed">
        <button
          type="button"
          className="google-banner__expand"
          aria-expanded="false"
          onClick={() => setDismissed(null)}
        >
          <GoogleIcon />
          <span>Log in with Google</span>
        </button>
      </div>
    );
  }
  return (
    <aside id="google-banner" className="google-banner" aria-labelledby="google-banner-title">
      <div className="google-banner__text">
        <h2 id="google-banner-title">Log in with Google</h2>
        <p>Use your Google account to log in or register instantly.</p>
      </div>
      <button
        type="button"
        className="button google-banner__start"
        onClick={() => void loadAmplifyClient().then((amplify) => amplify.startGoogleSignIn())}
      >
        <GoogleIcon />
        Continue with Google
      </button>
      <button
        type="button"
        className="google-banner__dismiss"
        aria-label="Dismiss the Google sign-in banner"
        onClick={() => setDismissed('true')}
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
