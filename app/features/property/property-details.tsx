import type { ReactNode } from 'react';
import { MaterialValue } from './material-value';
import type { PropertyFacts } from './property-facts';
import { PropertyRooms } from './property-rooms';
import type { PropertyListing } from './property-types';

/** A labelled list of facts, as term and value pairs. */
function FactList({ facts, className }: { facts: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Key facts, the lister's key features, the description and the material information. */
export function PropertyDetails({
  listing,
  facts,
}: {
  listing: PropertyListing;
  facts: PropertyFacts;
}) {
  const material = facts.material.map(({ field, label, text, source }): [string, ReactNode] => [
    label,
    <MaterialValue key={field} text={text} source={source} />,
  ]);
  return (
    <>
      <section aria-labelledby="key-facts" className="property__facts">
        <h2 id="key-facts">Key facts</h2>
        <FactList facts={facts.keyFacts} />
      </section>
      <PropertyRooms rooms={listing.rooms} />
      {listing.keyFeatures.length > 0 ? (
        <section aria-labelledby="features">
          <h2 id="features">Key features</h2>
          <ul className="property__features">
            {listing.keyFeatures.map((feature, index) => (
              <li key={`${feature}-${index}`}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="description" className="property__description">
        <h2 id="description">Description</h2>
        {listing.description.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>
      {material.length ? (
        <section aria-labelledby="material">
          <h2 id="material">Material information</h2>
          <FactList facts={material} className="property__material" />
        </section>
      ) : null}
    </>
  );
}
