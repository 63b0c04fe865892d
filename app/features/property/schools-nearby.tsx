import { Link } from 'react-router';
import { formatDate } from '@domain/format';
import { GIAS_ATTRIBUTION, giasSchoolUrl } from '@domain/schools/attribution';
import { formatMiles } from '@domain/geo/miles';
import type {
  NearbySchool,
  SchoolsNearby as SchoolsNearbyData,
} from '../../../server/marketplace/schools/find-schools-nearby';

/** 'Ages 4 to 11', or nothing when the register holds no age range. */
function ages(school: NearbySchool): string | null {
  if (school.lowAge === null || school.highAge === null) return null;
  return `Ages ${school.lowAge} to ${school.highAge}`;
}

/** 'Ofsted: Good (inspected 12 March 2019)', or what is held when there is no rating. */
function ofsted(school: NearbySchool): string {
  const inspected = school.ofstedInspectedOn
    ? `inspected ${formatDate(school.ofstedInspectedOn)}`
    : null;
  if (school.ofstedRating)
    return `Ofsted: ${school.ofstedRating}${inspected ? ` (${inspected})` : ''}`;
  return inspected ? `Ofsted ${inspected}, no overall rating held` : 'No Ofsted rating held';
}

function SchoolList({ schools }: { schools: NearbySchool[] }) {
  if (schools.length === 0) return <p>None open within 8 miles.</p>;
  return (
    <ul className="schools-nearby__list">
      {schools.map((school) => (
        <li key={school.urn}>
          <span className="schools-nearby__name">
            {school.isDemo ? school.name : <a href={giasSchoolUrl(school.urn)}>{school.name}</a>}
          </span>{' '}
          <span className="schools-nearby__distance">{formatMiles(school.miles)}</span>
          <span className="schools-nearby__facts">
            {[school.type, ages(school), ofsted(school)].filter(Boolean).join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Schools nearby on the property page: the nearest open primary and secondary schools from the
 * Department for Education's register (England only), with the warning that nearest is not
 * the same as in catchment. Not shown until the register (or the demo) has been loaded.
 */
export function SchoolsNearby({
  schools,
  country,
  isApproximate,
}: {
  schools: SchoolsNearbyData;
  country: string;
  isApproximate: boolean;
}) {
  const all = [...schools.primary, ...schools.secondary];
  if (!schools.isLoaded) return null;
  return (
    <section aria-labelledby="schools-nearby" className="property__schools schools-nearby">
      <h2 id="schools-nearby">Schools nearby</h2>
      {country !== 'England' ? (
        <p>
          The Department for Education&rsquo;s register covers schools in England, so none are
          listed for homes in {country}. The local council lists the schools in its area.
        </p>
      ) : all.length === 0 ? (
        <p>No open schools are recorded within 8 miles of this home.</p>
      ) : (
        <>
          <p>
            The nearest open schools, as the crow flies from{' '}
            {isApproximate ? 'the approximate location of this home' : 'this home'}.
          </p>
          <h3>Primary schools</h3>
          <SchoolList schools={schools.primary} />
          <h3>Secondary schools</h3>
          <SchoolList schools={schools.secondary} />
        </>
      )}
      <p className="schools-nearby__catchment">
        <strong>Nearest is not the same as in catchment.</strong> Each school or local council sets
        its own admission rules and catchment areas, and they can change from year to year. Check
        with the local council&rsquo;s school admissions team before relying on a place.
      </p>
      {all.some((school) => school.isDemo) ? (
        <p className="schools-nearby__demo">
          <strong>Demo data:</strong> these schools are made up for Roost&rsquo;s demonstration
          homes and are not in the Department for Education&rsquo;s register.
        </p>
      ) : null}
      {all.length ? (
        <p className="schools-nearby__credit">
          {GIAS_ATTRIBUTION} <Link to="/data-sources">About our data sources</Link>
        </p>
      ) : null}
    </section>
  );
}
