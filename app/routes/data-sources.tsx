import { Link } from 'react-router';
import { OFCOM_ATTRIBUTION, OFCOM_TERMS_URL } from '@domain/broadband/attribution';
import { PRICE_PAID_ATTRIBUTION } from '@domain/sold-prices/attribution';
import { NAPTAN_ATTRIBUTION } from '@domain/stations/attribution';
import { FLOOD_ZONES_ATTRIBUTION } from '@domain/flood-risk/flood-zones';
import { GIAS_ATTRIBUTION } from '@domain/schools/attribution';

export function meta() {
  return [
    { title: 'Data sources | Roost' },
    {
      name: 'description',
      content:
        'The open data Roost uses for places, postcodes, sold prices, flood risk, schools, broadband and stations, and its licences.',
    },
  ];
}

const OGL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';

/** Every dataset Roost shows or relies on, with the attribution its licence asks for. */
export default function DataSources() {
  return (
    <article className="content-page">
      <h1>Data sources</h1>
      <p className="lead">
        Roost uses open data published by public bodies. Each source, what we use it for and the
        credit its licence asks for are below.
      </p>
      <SoldPricesSource />
      <BroadbandSource />
      <StationsSource />
      <SchoolsSource />
      <FloodRiskSource />
      <PostcodesSource />
      <PlaceNamesSource />
    </article>
  );
}

function SoldPricesSource() {
  return (
    <>
      <h2>Sold prices</h2>
      <p>
        Sold prices on property pages and the <em>sold prices</em> street pages come from HM Land
        Registry&rsquo;s Price Paid Data, which records residential sales in England and Wales after
        they complete. Sales often appear some months after completion. A home is matched with its
        past sales by its address and postcode; Scotland and Northern Ireland publish their sales
        elsewhere, so none are shown for homes there.
      </p>
      <blockquote>
        <p>
          {PRICE_PAID_ATTRIBUTION.replace('Open Government Licence v3.0.', '')}
          <a href={OGL}>Open Government Licence v3.0</a>.
        </p>
      </blockquote>
      <p>
        Sales marked <strong>demo data</strong> are made up for Roost&rsquo;s demonstration homes
        and are not Land Registry records.
      </p>
    </>
  );
}

function BroadbandSource() {
  return (
    <>
      <h2>Broadband</h2>
      <p>
        Broadband figures on property pages come from Ofcom&rsquo;s Connected Nations fixed
        broadband coverage data: for each postcode, the share of premises that can order superfast
        (30 Mbit/s or more), ultrafast (100 and 300 Mbit/s or more) and gigabit broadband, and the
        share that cannot get 10 Mbit/s. They describe the whole postcode, not one home, and Ofcom
        leaves some postcodes out. Actual speeds depend on the provider and the property.
      </p>
      <blockquote>
        <p>
          {OFCOM_ATTRIBUTION} <a href={OFCOM_TERMS_URL}>Ofcom&rsquo;s terms of use</a>.
        </p>
      </blockquote>
    </>
  );
}

function StationsSource() {
  return (
    <>
      <h2>Stations</h2>
      <p>
        The nearest railway, metro, underground and tram stations on property pages come from the
        Department for Transport&rsquo;s National Public Transport Access Nodes (NaPTAN). Distances
        are as the crow flies; walking times assume 3 mph in a straight line.
      </p>
      <blockquote>
        <p>
          {NAPTAN_ATTRIBUTION.replace('Open Government Licence v3.0.', '')}
          <a href={OGL}>Open Government Licence v3.0</a>.
        </p>
      </blockquote>
      <p>
        Broadband figures and stations marked <strong>demo data</strong> are made up for
        Roost&rsquo;s demonstration homes.
      </p>
    </>
  );
}

function SchoolsSource() {
  return (
    <>
      <h2>Schools</h2>
      <p>
        &lsquo;Schools nearby&rsquo; on property pages lists the nearest open primary and secondary
        schools in England, with their type, age range and last Ofsted rating where the register
        holds one, from the Department for Education&rsquo;s{' '}
        <a href="https://get-information-schools.service.gov.uk/">Get Information about Schools</a>.
        Distances are as the crow flies; the nearest school is not necessarily one whose catchment a
        home is in.
      </p>
      <blockquote>
        <p>
          {GIAS_ATTRIBUTION.replace('Open Government Licence v3.0.', '')}
          <a href={OGL}>Open Government Licence v3.0</a>.
        </p>
      </blockquote>
      <p>
        Schools marked <strong>demo data</strong> are made up for Roost&rsquo;s demonstration homes
        and are not in the register.
      </p>
    </>
  );
}

function FloodRiskSource() {
  return (
    <>
      <h2>Flood risk</h2>
      <p>
        The flood zone on property pages in England comes from the Environment Agency&rsquo;s Flood
        Map for Planning (Rivers and Sea): Flood Zone 3 (high probability) and Flood Zone 2 (medium
        probability); anywhere else is Flood Zone 1 (low). It shows the likelihood of flooding from
        rivers and the sea for an area of land, not for an individual property, and ignores flood
        defences and surface water. Wales, Scotland and Northern Ireland map flood risk separately.
      </p>
      <blockquote>
        <p>
          {FLOOD_ZONES_ATTRIBUTION.replace('Licensed under the Open Government Licence v3.0.', '')}
          Licensed under the <a href={OGL}>Open Government Licence v3.0</a>.
        </p>
      </blockquote>
      <p>
        Flood zones marked <strong>demo data</strong> are made up for Roost&rsquo;s demonstration
        homes and are not the Environment Agency&rsquo;s. Schools marked <strong>demo data</strong>{' '}
        are made up for Roost&rsquo;s demonstration homes and are not in the register.
      </p>
    </>
  );
}

function PostcodesSource() {
  return (
    <>
      <h2>Postcode locations and nations</h2>
      <p>
        Postcodes are placed on the map, and each home&rsquo;s nation decided, from the Office for
        National Statistics&rsquo; National Statistics Postcode Lookup (details in{' '}
        <Link to="/about-us#data-we-use">About us</Link>):
      </p>
      <blockquote>
        <p>
          Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data ©
          Royal Mail copyright and database right 2025. Source: Office for National Statistics
          licensed under the <a href={OGL}>Open Government Licence v.3.0</a>.
        </p>
      </blockquote>
    </>
  );
}

function PlaceNamesSource() {
  return (
    <>
      <h2>Place names</h2>
      <p>
        Place names and the locations of towns come from{' '}
        <a href="https://www.geonames.org/">GeoNames</a>, licensed under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.
      </p>
    </>
  );
}
