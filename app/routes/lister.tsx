import { data } from 'react-router';
import { ListingCard } from '~/features/listings/listing-card';
import { formatMonthYear, pluralise } from '@domain/format';
import type { Route } from './+types/lister';

export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await context.marketplace.listings.getLister({ publicId: params.publicId });
  if (!profile) throw data(null, { status: 404 });
  return { profile };
}

export function meta({ data: loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: 'Lister not found | Roost' }];
  return [
    { title: `${loaderData.profile.displayName} on Roost | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

function responseTime(hours: number): string {
  if (hours < 1) return 'within an hour';
  if (hours < 24) return `within ${pluralise(Math.ceil(hours), 'hour')}`;
  return `within ${pluralise(Math.ceil(hours / 24), 'day')}`;
}

/** A lister's public page: name, how long on Roost, how they answer, their live listings. */
export default function ListerProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <article className="page lister-profile">
      <h1>{profile.displayName}</h1>
      <dl className="lister-profile__facts">
        <div>
          <dt>Member since</dt>
          <dd>{formatMonthYear(profile.memberSince)}</dd>
        </div>
        <div>
          <dt>Response rate</dt>
          <dd>
            {profile.responseRate === null
              ? 'No enquiries in the last year'
              : `${profile.responseRate}% of ${pluralise(profile.enquiries, 'enquiry', 'enquiries')} answered`}
          </dd>
        </div>
        {profile.medianResponseHours !== null ? (
          <div>
            <dt>Usually replies</dt>
            <dd>{responseTime(profile.medianResponseHours)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="hint">
        To contact this lister, use the form on one of their listings: Roost never shows their
        e-mail address or phone number.
      </p>
      <h2>Listings ({profile.listings.length})</h2>
      {profile.listings.length ? (
        <div className="listing-grid">
          {profile.listings.map((listing, index) => (
            <ListingCard key={listing.id} listing={listing} isAboveFold={index < 4} />
          ))}
        </div>
      ) : (
        <p>No listings on Roost right now.</p>
      )}
    </article>
  );
}
