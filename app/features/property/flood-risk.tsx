import { Link } from 'react-router';
import {
  CHECK_LONG_TERM_FLOOD_RISK_URL,
  FLOOD_ZONE_LABELS,
  FLOOD_ZONES_ATTRIBUTION,
  OTHER_NATION_FLOOD_MAPS,
} from '@domain/flood-risk/flood-zones';
import type { FloodRiskForHome } from '../../../server/marketplace/flood-risk/find-flood-risk';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The Environment Agency's own limits on what its flood zones say, and where to learn more. */
function FloodRiskCaveat() {
  return (
    <>
      <p>
        The Flood Map for Planning shows the likelihood of flooding for an area of land, not for an
        individual property: a home may not face the same chance as the area around it. It ignores
        flood defences and does not cover flooding from surface water, groundwater or sewers.
      </p>
      <p>
        <ExternalLink href={CHECK_LONG_TERM_FLOOD_RISK_URL}>
          Check the long term flood risk for this address on GOV.UK
        </ExternalLink>
      </p>
    </>
  );
}

function OtherNation({ country }: { country: string }) {
  const map = OTHER_NATION_FLOOD_MAPS[country];
  return (
    <p>
      Flood zones are shown for homes in England only: they come from the Environment Agency, whose
      map does not cover {country}.{' '}
      {map ? (
        <>
          For this home, see the flood maps of{' '}
          <ExternalLink href={map.url}>{map.publisher}</ExternalLink>.
        </>
      ) : null}
    </p>
  );
}

/**
 * Flood risk from rivers and the sea on the property page: the Flood Map for Planning's zone for
 * the home's area, with the publisher's caveats, or why none is shown.
 */
export function FloodRisk({ floodRisk }: { floodRisk: FloodRiskForHome }) {
  return (
    <section aria-labelledby="flood-risk" className="property__flood flood-risk">
      <h2 id="flood-risk">Flood risk</h2>
      {floodRisk.status === 'other-nation' ? (
        <OtherNation country={floodRisk.country} />
      ) : floodRisk.status === 'not-loaded' ? (
        <>
          <p>The Environment Agency&rsquo;s flood zones are not loaded on this site yet.</p>
          <p>
            <ExternalLink href={CHECK_LONG_TERM_FLOOD_RISK_URL}>
              Check the long term flood risk for this address on GOV.UK
            </ExternalLink>
          </p>
        </>
      ) : (
        <>
          <p className={`flood-risk__zone flood-risk__zone--${floodRisk.zone}`}>
            <strong>{FLOOD_ZONE_LABELS[floodRisk.zone].title}</strong> from rivers and the sea.{' '}
            {FLOOD_ZONE_LABELS[floodRisk.zone].probability}
          </p>
          <p>
            {floodRisk.isApproximate
              ? 'The lister keeps the exact address private, so this is the highest flood zone within about 100 metres of the home’s approximate location.'
              : 'For the area at this home’s location.'}
          </p>
          <FloodRiskCaveat />
          {floodRisk.isDemo ? (
            <p className="flood-risk__demo">
              <strong>Demo data:</strong> these flood zones are made up for Roost&rsquo;s
              demonstration homes, not the Environment Agency&rsquo;s map.
            </p>
          ) : null}
          <p className="flood-risk__credit">
            {FLOOD_ZONES_ATTRIBUTION} <Link to="/data-sources">About our data sources</Link>
          </p>
        </>
      )}
    </section>
  );
}
