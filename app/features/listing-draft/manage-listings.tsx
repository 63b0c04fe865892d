import { Link } from 'react-router';
import { formatDate, formatPrice, pluralise } from '@domain/format';
import { imageUrl } from '@domain/images';
import { listingPath } from '@domain/listing/listing-url';
import type { OwnListing } from '../../../server/marketplace/listings/find-own-listings';
import { labelOf } from '@domain/labels';
import { buttonClass } from '~/components/ui/button';
import { useAuth } from '~/features/auth/auth-context';
import { useMyListings } from './api/my-listings';
import { StillAvailableNotice } from './still-available-notice';

/**
 * 'Manage listings' on /my-account: the signed-in user's listings with their numbers, as the
 * route loader read them on the server. Only when the server did not know this user (signed in
 * a moment ago in the browser) are they fetched from the API until the page revalidates.
 */
// size: markup: the listings table, a row of fields and actions per listing
export function ManageListings({ serverListings }: { serverListings: OwnListing[] | null }) {
  const { user } = useAuth();
  const fetched = useMyListings(user?.userId, { enabled: serverListings === null });
  const listings = serverListings ?? fetched.data ?? null;
  const failed = fetched.isError;
  return (
    <section aria-labelledby="manage-listings" className="manage-listings">
      <h2 id="manage-listings">Your listings</h2>
      <p>
        <Link className={buttonClass()} to="/property/new">
          Add a listing
        </Link>
      </p>
      {failed && listings === null ? (
        <p role="alert">Your listings could not be loaded. Refresh the page to try again.</p>
      ) : null}
      {listings === null && !failed ? <p role="status">Loading your listings…</p> : null}
      {listings?.length === 0 ? <p>You have no listings yet. Listing is free.</p> : null}
      <LetRulesBanner listings={listings} />
      {listings?.length ? (
        <p className="hint">
          Views are visits by other people to a listing&rsquo;s page, added within a minute; your
          own visits and search engines&rsquo; are not counted.
        </p>
      ) : null}
      {listings?.length ? (
        <ul className="manage-listings__list">
          {listings.map((listing) => (
            <li key={listing.id} className="manage-listings__item" data-testid="own-listing">
              {listing.cover ? (
                <img
                  src={imageUrl(listing.cover.key, 160)}
                  alt=""
                  width={160}
                  height={Math.round((160 * listing.cover.height) / listing.cover.width)}
                  loading="lazy"
                />
              ) : null}
              <div>
                <h3>
                  {listing.deletedAt ? (
                    listing.title
                  ) : (
                    <Link to={listingPath(listing)}>{listing.title}</Link>
                  )}
                </h3>
                <p>
                  <strong>{formatPrice(listing)}</strong> ·{' '}
                  <span className="badge badge--status">
                    {listing.deletedAt
                      ? 'Deleted'
                      : listing.moderation === 'held'
                        ? 'Paused by moderators'
                        : listing.moderation === 'review-requested'
                          ? 'Awaiting moderator review'
                          : labelOf('status', listing.status)}
                  </span>
                </p>
                {listing.confirmation ? (
                  <StillAvailableNotice
                    listing={{ ...listing, confirmation: listing.confirmation }}
                  />
                ) : null}
                {listing.letRules ? (
                  <LetRulesNotice
                    letRules={listing.letRules}
                    isPaused={listing.status === 'paused'}
                  />
                ) : null}
                <p className="hint">
                  {pluralise(listing.viewCount, 'view')} ·{' '}
                  {pluralise(listing.enquiryCount, 'enquiry', 'enquiries')} ·{' '}
                  {pluralise(listing.favouriteCount, 'favourite')}
                  {listing.deletedAt ? ` · deleted on ${formatDate(listing.deletedAt)}` : ''}
                </p>
                <p>
                  <Link
                    className={buttonClass({ size: 'small' })}
                    to={`/my-account/listings/${listing.id}`}
                  >
                    Manage<span className="visually-hidden"> {listing.title}</span>
                  </Link>{' '}
                  {listing.deletedAt ? null : (
                    <Link
                      className={buttonClass({ variant: 'secondary', size: 'small' })}
                      to={`/property/${listing.id}/edit`}
                    >
                      Edit<span className="visually-hidden"> {listing.title}</span>
                    </Link>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Lets found breaking their nation's rules: they stay live for 14 days while the lister fixes them. */
function LetRulesBanner({ listings }: { listings: OwnListing[] | null }) {
  const flagged = listings?.filter((listing) => listing.letRules && !listing.deletedAt) ?? [];
  if (flagged.length === 0) return null;
  return (
    <div className="alert alert--warning" role="alert" data-testid="let-rules-banner">
      <p>
        {flagged.length === 1
          ? 'One of your lets needs changing to follow the letting rules of its nation.'
          : `${flagged.length} of your lets need changing to follow the letting rules of their nation.`}{' '}
        Edit each one before the date shown, or it will be paused.
      </p>
    </div>
  );
}

function LetRulesNotice({
  letRules,
  isPaused,
}: {
  letRules: NonNullable<OwnListing['letRules']>;
  isPaused: boolean;
}) {
  return (
    <div className="hint let-rules-notice">
      <p>
        {isPaused
          ? 'Paused until you edit it to follow the letting rules:'
          : `Edit by ${formatDate(letRules.dueAt)} to follow the letting rules, or it will be paused:`}
      </p>
      <ul>
        {letRules.issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </div>
  );
}
