import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '~/features/auth/auth-events';
import { useAuth } from '~/features/auth/auth-context';
import amplifyStyles from '@aws-amplify/ui-react/styles.css?url';
import { ManageListings } from '~/features/listing-draft/manage-listings';
import { MyPayments } from '~/features/payments/my-payments';
import listingStyles from '~/styles/listings.css?url';
import type { Route } from './+types/my-account';

const AccountAuthenticator = lazy(() => import('~/features/auth/account-authenticator'));
const AccountDashboard = lazy(() => import('~/features/auth/account-dashboard'));

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: amplifyStyles },
  { rel: 'stylesheet', href: listingStyles },
];

export function meta() {
  return [
    { title: 'My account | Roost' },
    {
      name: 'description',
      content: 'Sign in or create a free Roost account to list homes and save favourites.',
    },
  ];
}

/**
 * The signed-in user's listings are read here, on the server (the user comes from the verified
 * ID-token cookie), so 'Your listings' arrives complete; navigating back revalidates them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context;
  return {
    isSignedIn: user !== null,
    ownerId: user?.userId ?? null,
    listings: user ? await context.marketplace.listings.findOwn({ user }) : null,
    payments: user ? await context.marketplace.payments.myPayments({ user }) : null,
  };
}

// size: markup: the sign-in screens or the account overview, and the hand-off between them
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { status, user, isAmplifyReady, configurationError, requestAmplify, signOut } = useAuth();
  // The Authenticator (and the account's own settings) need the Amplify client.
  useEffect(requestAmplify, [requestAmplify]);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(searchParams.get('redirectTo'));
  const start = searchParams.get('start');
  const initialState = start === 'signUp' || start === 'forgotPassword' ? start : 'signIn';
  // Once the Authenticator is showing, it stays until it has finished: Amplify signs the user in
  // (and the status turns authenticated) before steps such as verifying an e-mail address.
  // It is entered whenever the status turns unauthenticated, and left when it says it is done.
  const [isInAuthenticator, setIsInAuthenticator] = useState(status === 'unauthenticated');
  const [lastStatus, setLastStatus] = useState(status);
  if (status !== lastStatus) {
    setLastStatus(status);
    if (status === 'unauthenticated') setIsInAuthenticator(true);
  }
  const finishAuthenticator = useCallback(() => setIsInAuthenticator(false), []);

  useEffect(() => {
    if (status === 'authenticated' && !isInAuthenticator && returnTo) {
      void navigate(returnTo, { replace: true });
    }
  }, [status, isInAuthenticator, returnTo, navigate]);

  if (user && status !== 'unauthenticated' && !isInAuthenticator) {
    return (
      <>
        <Suspense fallback={<AccountLoading />}>
          {isAmplifyReady ? (
            <AccountDashboard
              user={user}
              onSignOut={() => void signOut()}
              listingCount={
                loaderData.ownerId === user.userId ? (loaderData.listings?.length ?? null) : null
              }
            />
          ) : (
            <AccountLoading />
          )}
        </Suspense>
        {/* Rendered on the server too; fetched in the browser only for a user the server did
            not know yet (just signed in, until the page revalidates with the new cookie). */}
        <div className="account-listings">
          <ManageListings
            serverListings={loaderData.ownerId === user.userId ? loaderData.listings : null}
          />
        </div>
        {loaderData.ownerId === user.userId && loaderData.payments ? (
          <MyPayments payments={loaderData.payments} />
        ) : null}
        <p className="account-data-link">
          <Link to="/my-account/viewings">Viewings: booked at your homes and by you</Link>
        </p>
        <p className="account-data-link">
          <Link to="/my-account/messages">Messages about your enquiries and listings</Link>
        </p>
        <p className="account-data-link">
          <Link to="/my-account/data">Your data: download a copy or erase your account</Link>
        </p>
      </>
    );
  }

  return (
    <div className="account-page">
      <div className="account-auth">
        <div className="account-auth__intro">
          <h1>Sign in to Roost</h1>
          <p className="lead">Or create a free account in under a minute.</p>
          <ul>
            <li>List homes for sale or to rent, free</li>
            <li>Save favourites and find them on any device</li>
            <li>Manage enquiries from buyers and tenants</li>
          </ul>
          {returnTo ? <p>After you sign in we will take you back to where you were.</p> : null}
        </div>
        <div className="account-auth__form">
          {configurationError ? (
            <p className="alert alert--error" role="alert">
              Configuration error (see console) – please contact the administrator
            </p>
          ) : isAmplifyReady ? (
            <Suspense fallback={<AccountLoading />}>
              <AccountAuthenticator
                initialState={initialState}
                onAuthenticated={finishAuthenticator}
              />
            </Suspense>
          ) : (
            <AccountLoading />
          )}
        </div>
      </div>
    </div>
  );
}

function AccountLoading() {
  return (
    <p className="auth-loading" role="status">
      Loading…
    </p>
  );
}
