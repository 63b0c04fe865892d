import { Link } from 'react-router';
import { formatMiles } from '@domain/geo/miles';
import { WALKING_MPH } from '@domain/stations/distance';
import { NAPTAN_ATTRIBUTION } from '@domain/stations/attribution';
import type { NearbyStation } from '../../../server/marketplace/stations/find-stations';

const KIND_LABELS = { rail: 'Rail', metro: 'Metro, tram or underground' } as const;

/**
 * The three nearest stations on the property page, with straight-line distances from the
 * location the page shows and a rough walking time; nothing when no station is held nearby.
 */
export function NearestStations({
  stations,
  isApproximate,
}: {
  stations: NearbyStation[];
  isApproximate: boolean;
}) {
  if (stations.length === 0) return null;
  return (
    <section aria-labelledby="nearest-stations" className="property__stations stations">
      <h2 id="nearest-stations">Nearest stations</h2>
      <ul className="stations__list">
        {stations.map((station) => (
          <li key={station.atcoCode}>
            <span className="stations__name">{station.name}</span>
            {station.isDemo ? ' (demo)' : null}
            <span className="stations__detail">
              {KIND_LABELS[station.kind]} · {formatMiles(station.miles)}
              {station.walkingMinutes === null
                ? null
                : `, about ${station.walkingMinutes} ${station.walkingMinutes === 1 ? 'minute' : 'minutes'} on foot`}
            </span>
          </li>
        ))}
      </ul>
      <p className="stations__note">
        Distances are as the crow flies
        {isApproximate ? ' from the approximate location shown on the map' : ''}. Walking times
        assume {WALKING_MPH} mph in a straight line, so most routes take longer.
      </p>
      {stations.some((station) => station.isDemo) ? (
        <p className="stations__demo">
          <strong>Demo data:</strong> stations marked demo are made up for Roost&rsquo;s
          demonstration homes.
        </p>
      ) : null}
      <p className="stations__credit">
        {NAPTAN_ATTRIBUTION} <Link to="/data-sources">About our data sources</Link>
      </p>
    </section>
  );
}
