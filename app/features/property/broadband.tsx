import { Link } from 'react-router';
import { OFCOM_ATTRIBUTION } from '@domain/broadband/attribution';
import {
  formatPercent,
  tierSentence,
  type BroadbandSummary,
} from '@domain/broadband/broadband-summary';
import { formatMonthYear } from '@domain/format';

const monthOf = (snapshot: string) => formatMonthYear(`${snapshot}T12:00:00Z`);

/** Why the figures are a guide only: Ofcom reports a whole postcode, not one home's line. */
function Caveat() {
  return (
    <p className="broadband__caveat">
      These are Ofcom&rsquo;s figures for the whole postcode, not a check of this home. Actual
      speeds depend on the provider and the property: ask providers what this address can get.
    </p>
  );
}

/**
 * Broadband on the property page: the speeds Ofcom reports as available to premises in the
 * home's postcode, with the month and source; or why there are no figures. The postcode itself
 * is not printed, since a lister may keep the full address private.
 */
export function Broadband({ broadband }: { broadband: BroadbandSummary }) {
  return (
    <section aria-labelledby="broadband" className="property__broadband broadband">
      <h2 id="broadband">Broadband</h2>
      {broadband.status === 'not-loaded' ? (
        <p>No broadband figures are available for this postcode yet.</p>
      ) : broadband.status === 'not-published' ? (
        <>
          <p>
            Ofcom&rsquo;s broadband figures for {monthOf(broadband.snapshot)} do not include this
            postcode. Ofcom leaves some postcodes out, such as new ones and ones it could not match
            to premises.
          </p>
          <Caveat />
        </>
      ) : (
        <>
          {broadband.fastest ? null : (
            <p>Ofcom reports no superfast or faster broadband for premises in this postcode.</p>
          )}
          {broadband.fastest ? (
            <ul className="broadband__tiers">
              {broadband.tiers
                .filter((tier) => tier.percent > 0)
                .map((tier) => (
                  <li key={tier.figure}>{tierSentence(tier)}</li>
                ))}
            </ul>
          ) : null}
          {broadband.below10Percent ? (
            <p>
              {formatPercent(broadband.below10Percent)} of premises in this postcode cannot get 10
              Mbit/s.
            </p>
          ) : null}
          <Caveat />
          {broadband.source === 'demo' ? (
            <p className="broadband__demo">
              <strong>Demo data:</strong> these figures are made up for Roost&rsquo;s demonstration
              homes, not Ofcom&rsquo;s.
            </p>
          ) : null}
          <p className="broadband__credit">
            Source: Ofcom Connected Nations, figures for {monthOf(broadband.snapshot)}.{' '}
            {OFCOM_ATTRIBUTION} <Link to="/data-sources">About our data sources</Link>
          </p>
        </>
      )}
    </section>
  );
}
