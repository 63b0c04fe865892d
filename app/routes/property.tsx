import { isbot } from 'isbot';
import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { ListingGallery } from '~/components/listing-gallery';
import { ListingMap } from '~/components/listing-map';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { labelOf, LABELS } from '@domain/labels';
import { rememberViewed } from '~/features/search/visitor-memory';
import { addDays, londonToday } from '@domain/dates';
import { enquiryInputFromForm, enquirySchema } from '@domain/enquiry/enquiry-schema';
import { fieldErrorsOf } from '@domain/validation/field-errors';
import { isPublicStatus } from '@domain/listing/enums';
import { MATERIAL_FIELDS } from '@domain/listing/material-information';
import {
  MAX_VIEWING_TIMES,
  VIEWING_PERIODS,
  VIEWING_WINDOW_DAYS,
} from '@domain/enquiry/viewing-times';
import { REPORT_REASONS } from '@domain/report/report-schema';
import {
  formatDate,
  formatPounds,
  formatPrice,
  formatPriceNote,
  formatPropertyType,
  formatStatusBadge,
  pluralise,
} from '@domain/format';
import { imageUrl } from '@domain/images';
import { listingPath, searchPath } from '@domain/listing/listing-url';
import leafletStyles from 'leaflet/dist/leaflet.css?url';
import listingStyles from '~/styles/listings.css?url';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/property';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listingStyles },
  { rel: 'stylesheet', href: leafletStyles },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const { listings } = context.marketplace;
  const listing = Number.isSafeInteger(id) ? await listings.get({ listingId: id }) : undefined;
  if (!listing || listing.status === 'draft') throw data(null, { status: 404 });
  const canonical = listingPath(listing);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  if (!isPublicStatus(listing.status)) {
    throw data(
      { channel: listing.channel, title: listing.title },
      { status: listing.status === 'removed' ? 410 : 404 },
    );
  }
  const isOwner = await listings.isOwner({ user: context.user, listingId: id });
  if (!isOwner && !isbot(request.headers.get('user-agent') ?? '')) {
    await listings.recordView({ listingId: id });
  }
  return {
    listing,
    canonical,
    origin: url.origin,
    isOwner,
    user: context.user ? { name: context.user.name ?? '', email: context.user.email ?? '' } : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const values = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
  const sender = { user: context.user, listingId: Number(params.id), ip: context.clientIp };
  try {
    if (intent === 'enquiry') {
      await context.marketplace.enquiries.submit({
        ...sender,
        input: enquiryInputFromForm(values),
      });
      return { intent, status: 'sent' as const };
    }
    if (intent === 'report') {
      await context.marketplace.reports.submit({ ...sender, input: values });
      return { intent, status: 'sent' as const };
    }
    throw data(null, { status: 400 });
  } catch (error) {
    return formFailure(error, { intent, status: 'error' as const, values });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: 'Listing not available | Roost' }];
  const { listing, canonical, origin } = loaderData;
  const title = `${listing.title} – ${formatPrice(listing)} – ${listing.displayAddress} | Roost`;
  const description = `${formatPropertyType(listing.propertyType)}, ${pluralise(listing.bedrooms, 'bedroom')}, ${listing.channel === 'sale' ? 'for sale' : 'to rent'} in ${listing.town}. ${listing.description.slice(0, 110)}`;
  const cover = listing.photos[0];
  return [
    { title },
    { name: 'description', content: description.slice(0, 160) },
    { tagName: 'link', rel: 'canonical', href: `${origin}${canonical}` },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: listing.title },
    { property: 'og:description', content: description.slice(0, 200) },
    { property: 'og:url', content: `${origin}${canonical}` },
    ...(cover
      ? [{ property: 'og:image', content: `${origin}${imageUrl(cover.blobKey, 1280)}` }]
      : []),
  ];
}

/** JSON-LD, with `<` escaped so no text in a listing can close the script element. */
function JsonLd({ value }: { value: object }) {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

export default function Property({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, canonical, origin, isOwner, user } = loaderData;
  const [searchParams] = useSearchParams();
  useEffect(() => rememberViewed(listing.id), [listing.id]);
  const status = formatStatusBadge(listing.status);
  const note = formatPriceNote(listing);
  const isRent = listing.channel === 'rent';
  const material = MATERIAL_FIELDS.filter(([field]) => listing.materialInfo[field]);
  const facts: [string, string][] = [
    ['Property type', formatPropertyType(listing.propertyType)],
    ['Bedrooms', String(listing.bedrooms)],
    ['Bathrooms', String(listing.bathrooms)],
    ['Reception rooms', String(listing.receptions)],
  ];
  if (listing.floorAreaSqFt) {
    facts.push([
      'Floor area',
      `${listing.floorAreaSqFt.toLocaleString('en-GB')} sq ft (${Math.round(listing.floorAreaSqFt * 0.092903).toLocaleString('en-GB')} m²)`,
    ]);
  }
  if (listing.tenure) facts.push(['Tenure', labelOf('tenure', listing.tenure)]);
  if (listing.leaseYearsRemaining !== null)
    facts.push(['Lease remaining', `${listing.leaseYearsRemaining} years`]);
  if (listing.groundRentPerYear !== null)
    facts.push(['Ground rent', `${formatPounds(listing.groundRentPerYear)} a year`]);
  if (listing.serviceChargePerYear !== null)
    facts.push(['Service charge', `${formatPounds(listing.serviceChargePerYear)} a year`]);
  if (listing.councilTaxBand) {
    facts.push([
      listing.councilTaxBand === 'domestic_rates' ? 'Domestic rates' : 'Council tax',
      listing.councilTaxBand === 'domestic_rates' && listing.domesticRatesPerYear !== null
        ? `${formatPounds(listing.domesticRatesPerYear)} a year`
        : labelOf('councilTaxBand', listing.councilTaxBand),
    ]);
  }
  if (listing.epcRating) facts.push(['EPC rating', labelOf('epcRating', listing.epcRating)]);
  if (isRent) {
    if (listing.deposit !== null) facts.push(['Deposit', formatPounds(listing.deposit)]);
    if (listing.holdingDeposit !== null)
      facts.push(['Holding deposit', formatPounds(listing.holdingDeposit)]);
    if (listing.furnished) facts.push(['Furnishing', labelOf('furnished', listing.furnished)]);
    if (listing.letType) facts.push(['Let type', labelOf('letType', listing.letType)]);
    facts.push([
      'Available from',
      listing.availableFrom ? formatDate(listing.availableFrom) : 'Now',
    ]);
    facts.push(['Bills included', listing.billsIncluded ? 'Yes' : 'No']);
    facts.push(['Pets considered', listing.petsConsidered ? 'Yes' : 'No']);
  }
  if (listing.features.length > 0) {
    facts.push(['Features', listing.features.map((feature) => LABELS.feature[feature]).join(', ')]);
  }
  if (listing.publishedAt) facts.push(['Added', formatDate(listing.publishedAt)]);

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.title,
    description: listing.description.slice(0, 500),
    url: `${origin}${canonical}`,
    datePosted: listing.publishedAt,
    image: listing.photos.slice(0, 5).map((photo) => `${origin}${imageUrl(photo.blobKey, 1280)}`),
    offers: {
      '@type': 'Offer',
      price: listing.price,
      priceCurrency: 'GBP',
      businessFunction: isRent
        ? 'http://purl.org/goodrelations/v1#LeaseOut'
        : 'http://purl.org/goodrelations/v1#Sell',
      availability:
        listing.status === 'active'
          ? 'https://schema.org/InStock'
          : 'https://schema.org/LimitedAvailability',
      ...(isRent
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: listing.price,
              priceCurrency: 'GBP',
              unitText: listing.rentPeriod === 'week' ? 'WEEK' : 'MONTH',
            },
          }
        : {}),
    },
    address: { '@type': 'PostalAddress', addressLocality: listing.town, addressCountry: 'GB' },
  };

  return (
    <article className="page property">
      <JsonLd value={jsonLd} />
      {searchParams.get('published') ? (
        <div className="alert alert--success" role="status">
          <p>Your listing is live. People can find it in search and contact you through Roost.</p>
        </div>
      ) : null}
      <p className="breadcrumbs">
        <Link to={searchPath(listing.channel)}>
          {listing.channel === 'sale' ? 'Property for sale' : 'Property to rent'}
        </Link>{' '}
        › {listing.town}
      </p>
      <header className="property__header">
        <div>
          <h1>{listing.title}</h1>
          <p className="property__address">{listing.displayAddress}</p>
        </div>
        <div className="property__price">
          {note && listing.channel === 'sale' ? <span>{note}</span> : null}
          <strong data-testid="listing-price">{formatPrice(listing)}</strong>
          {note && isRent ? <span>{note}</span> : null}
          {status ? <span className="badge badge--status">{status}</span> : null}
          {listing.reducedOn ? (
            <span className="badge badge--reduced">Reduced on {formatDate(listing.reducedOn)}</span>
          ) : null}
        </div>
      </header>
      <div className="property__actions">
        <FavouriteButton listingId={listing.id} title={listing.title} />
        <ShareButton url={`${origin}${canonical}`} title={listing.title} />
        {isOwner ? (
          <>
            <Link className="button button--secondary" to={`/property/${listing.id}/edit`}>
              Edit listing
            </Link>
            <Link className="button button--secondary" to={`/my-account/listings/${listing.id}`}>
              Manage and enquiries
            </Link>
          </>
        ) : null}
      </div>
      <ListingGallery photos={listing.photos} title={listing.title} />
      <section aria-labelledby="key-facts" className="property__facts">
        <h2 id="key-facts">Key facts</h2>
        <dl>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
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
          <dl className="property__material">
            {material.map(([field, label]) => (
              <div key={field}>
                <dt>{label}</dt>
                <dd>{listing.materialInfo[field]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {listing.floorplans.length ? (
        <section aria-labelledby="floorplans">
          <h2 id="floorplans">Floorplans</h2>
          {listing.floorplans.map((plan, index) => (
            <img
              key={plan.blobKey}
              src={imageUrl(plan.blobKey, 1280)}
              width={plan.width}
              height={plan.height}
              alt={plan.caption || `Floorplan ${index + 1}`}
              loading="lazy"
              decoding="async"
              className="property__floorplan"
            />
          ))}
        </section>
      ) : null}
      {listing.tours.length ? (
        <section aria-labelledby="tours">
          <h2 id="tours">Videos and virtual tours</h2>
          <ul>
            {listing.tours.map((tour, index) => (
              <li key={index}>
                <a href={tour.url} rel="noopener noreferrer nofollow ugc" target="_blank">
                  {tour.title || (tour.kind === 'tour' ? 'Virtual tour' : 'Video')}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {listing.priceHistory.length > 1 ? (
        <section aria-labelledby="price-history">
          <h2 id="price-history">Price history</h2>
          <ul>
            {listing.priceHistory.map((entry, index) => (
              <li key={index}>
                {formatDate(entry.changedAt)}: {formatPrice({ ...listing, price: entry.price })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ListingMap
        lat={listing.location.lat}
        lng={listing.location.lng}
        isApproximate={listing.location.isApproximate}
        label={listing.displayAddress}
      />
      {isOwner ? null : (
        <>
          <EnquiryForm
            actionData={actionData}
            user={user}
            isOpen={listing.status === 'active' || listing.status === 'under_offer'}
          />
          <ReportForm actionData={actionData} />
        </>
      )}
    </article>
  );
}

function ShareButton({ url, title }: { url: string; title: string }) {
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        if (typeof navigator.share === 'function') {
          void navigator.share({ url, title }).catch(() => undefined);
        } else {
          void navigator.clipboard?.writeText(url).then(() => window.alert('Link copied'));
        }
      }}
    >
      Share
    </button>
  );
}

type ActionResult = Route.ComponentProps['actionData'];

function EnquiryForm({
  actionData,
  user,
  isOpen,
}: {
  actionData: ActionResult;
  user: { name: string; email: string } | null;
  isOpen: boolean;
}) {
  const navigation = useNavigation();
  const result = actionData?.intent === 'enquiry' ? actionData : undefined;
  const failure = result?.status === 'error' ? result : undefined;
  const values = failure?.values ?? {};
  // The same zod schema as the server's, checked before sending; the server checks again.
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const fields = clientErrors ?? failure?.fields ?? {};
  const [wantsViewing, setWantsViewing] = useState(values.wantsViewing === 'on');
  const statusRef = useRef<HTMLDivElement>(null);
  const clientAlertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) statusRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (clientErrors) clientAlertRef.current?.focus();
  }, [clientErrors]);
  if (!isOpen) return null;
  const isSending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'enquiry';
  const errorId = (name: string) => `enquiry-${name.replace(/\./g, '-')}-error`;
  const error = (name: string) =>
    fields[name] ? (
      <p className="field-error" id={errorId(name)}>
        {fields[name]}
      </p>
    ) : null;
  const invalid = (name: string) => ({
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': fields[name] ? errorId(name) : undefined,
  });
  const firstDay = addDays(londonToday(), 1);
  const lastDay = addDays(londonToday(), VIEWING_WINDOW_DAYS);
  const checkBeforeSending = (event: React.FormEvent<HTMLFormElement>) => {
    const entries = [...new FormData(event.currentTarget).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    const parsed = enquirySchema.safeParse(enquiryInputFromForm(Object.fromEntries(entries)));
    if (parsed.success) {
      setClientErrors(null);
    } else {
      event.preventDefault();
      setClientErrors(fieldErrorsOf(parsed.error));
    }
  };
  return (
    <section aria-labelledby="contact-lister" className="property__enquiry">
      <h2 id="contact-lister">Contact the lister</h2>
      <p className="hint">
        Never pay a deposit or any money before you have viewed the property in person. Report a
        listing that asks you to.
      </p>
      {result?.status === 'sent' ? (
        <div className="alert alert--success" role="status" tabIndex={-1} ref={statusRef}>
          <p>Your message has been sent to the lister. They will reply by e-mail.</p>
        </div>
      ) : (
        <Form
          method="post"
          className="form"
          noValidate
          preventScrollReset
          onSubmit={checkBeforeSending}
        >
          <input type="hidden" name="intent" value="enquiry" />
          {clientErrors ? (
            <div className="alert alert--error" role="alert" tabIndex={-1} ref={clientAlertRef}>
              <p>Check the highlighted fields.</p>
            </div>
          ) : failure ? (
            <div className="alert alert--error" role="alert" tabIndex={-1} ref={statusRef}>
              <p>{failure.error}</p>
            </div>
          ) : null}
          <div className="form-field">
            <label htmlFor="enquiry-name">Your name</label>
            {error('name')}
            <input
              id="enquiry-name"
              name="name"
              autoComplete="name"
              required
              defaultValue={values.name ?? user?.name}
              {...invalid('name')}
            />
          </div>
          <div className="form-field">
            <label htmlFor="enquiry-email">E-mail address</label>
            {error('email')}
            <input
              id="enquiry-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email ?? user?.email}
              {...invalid('email')}
            />
          </div>
          <div className="form-field">
            <label htmlFor="enquiry-phone">Phone (optional)</label>
            {error('phone')}
            <input
              id="enquiry-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={values.phone}
              {...invalid('phone')}
            />
          </div>
          <div className="form-field">
            <label htmlFor="enquiry-message">Message</label>
            {error('message')}
            <textarea
              id="enquiry-message"
              name="message"
              required
              defaultValue={values.message}
              {...invalid('message')}
            />
          </div>
          <div className="form-field wizard__checkbox">
            <label>
              <input
                type="checkbox"
                name="wantsViewing"
                checked={wantsViewing}
                onChange={(event) => setWantsViewing(event.currentTarget.checked)}
                aria-controls="enquiry-viewing-times"
              />{' '}
              I would like to arrange a viewing
            </label>
          </div>
          {wantsViewing ? (
            <fieldset
              className="form-field viewing-times"
              id="enquiry-viewing-times"
              aria-describedby="enquiry-viewing-hint"
            >
              <legend>When would suit you for a viewing?</legend>
              <p className="hint" id="enquiry-viewing-hint">
                Give up to {MAX_VIEWING_TIMES} days and times, from tomorrow; the lister will reply
                to arrange one.
              </p>
              {error('viewingTimes')}
              {Array.from({ length: MAX_VIEWING_TIMES }, (_, index) => {
                const n = index + 1;
                const choice = `Choice ${n}`;
                return (
                  <div className="viewing-times__row" key={n}>
                    <div className="form-field">
                      <label htmlFor={`enquiry-viewingDate${n}`}>
                        <span className="visually-hidden">{choice}: </span>Day
                        {n > 1 ? ' (optional)' : ''}
                      </label>
                      {error(`viewingTimes.${index}.date`)}
                      <input
                        id={`enquiry-viewingDate${n}`}
                        name={`viewingDate${n}`}
                        type="date"
                        min={firstDay}
                        max={lastDay}
                        defaultValue={values[`viewingDate${n}`]}
                        {...invalid(`viewingTimes.${index}.date`)}
                      />
                    </div>
                    <div className="form-field">
                      <label htmlFor={`enquiry-viewingPeriod${n}`}>
                        <span className="visually-hidden">{choice}: </span>Time of day
                      </label>
                      {error(`viewingTimes.${index}.period`)}
                      <select
                        id={`enquiry-viewingPeriod${n}`}
                        name={`viewingPeriod${n}`}
                        defaultValue={values[`viewingPeriod${n}`] ?? ''}
                        {...invalid(`viewingTimes.${index}.period`)}
                      >
                        <option value="">Choose…</option>
                        {VIEWING_PERIODS.map((period) => (
                          <option key={period} value={period}>
                            {LABELS.viewingPeriod[period]}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                );
              })}
            </fieldset>
          ) : null}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor="enquiry-website">Leave this empty</label>
            <input id="enquiry-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          <p>
            <button type="submit" className="button" disabled={isSending}>
              {isSending ? 'Sending…' : 'Send message'}
            </button>
          </p>
        </Form>
      )}
    </section>
  );
}

function ReportForm({ actionData }: { actionData: ActionResult }) {
  const result = actionData?.intent === 'report' ? actionData : undefined;
  const failure = result?.status === 'error' ? result : undefined;
  const fields = failure?.fields ?? {};
  return (
    <details className="property__report" open={Boolean(result)}>
      <summary>Report this listing</summary>
      {result?.status === 'sent' ? (
        <p className="alert alert--success" role="status">
          Thank you. Our team will look at this listing.
        </p>
      ) : (
        <Form method="post" className="form" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="report" />
          {failure ? (
            <p className="alert alert--error" role="alert">
              {failure.error}
            </p>
          ) : null}
          <fieldset className="form-field">
            <legend>What is wrong with it?</legend>
            {fields.reason ? <p className="field-error">{fields.reason}</p> : null}
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="wizard__choice">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  defaultChecked={failure?.values.reason === reason}
                />{' '}
                {LABELS.reportReason[reason]}
              </label>
            ))}
          </fieldset>
          <div className="form-field">
            <label htmlFor="report-details">
              Details (required for &lsquo;Something else&rsquo;)
            </label>
            {fields.details ? (
              <p className="field-error" id="report-details-error">
                {fields.details}
              </p>
            ) : null}
            <textarea
              id="report-details"
              name="details"
              defaultValue={failure?.values.details}
              aria-describedby={fields.details ? 'report-details-error' : undefined}
            />
          </div>
          <p>
            <button type="submit" className="button button--secondary">
              Send report
            </button>
          </p>
        </Form>
      )}
    </details>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone =
    error &&
    typeof error === 'object' &&
    'status' in error &&
    (error.status === 410 || error.status === 404);
  return (
    <section className="page narrow">
      <title>Listing not available | Roost</title>
      <h1>This listing is no longer available</h1>
      <p>
        {gone
          ? 'The home you are looking for has been taken off the market or never existed.'
          : 'Sorry, something went wrong while loading this listing.'}
      </p>
      <p>
        <Link className="button" to="/search/for-sale/">
          Search homes for sale
        </Link>{' '}
        <Link className="button button--secondary" to="/search/for-rent/">
          Search homes to rent
        </Link>
      </p>
    </section>
  );
}
