import { Form, Link, useNavigation } from 'react-router';
import { labelOf } from '@domain/labels';
import { formatViewingTime } from '@domain/enquiry/viewing-times';
import { formatDate, formatPrice } from '@domain/format';
import { listingPath } from '@domain/listing/listing-url';
import { formatTypedPrice } from '@domain/price-input';
import listingStyles from '~/styles/listings.css?url';
import { requireUser } from '../../server/auth/guards';
import { formText } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import { ScamWarnings } from '~/features/messages/scam-warnings';
import type { Route } from './+types/my-account-listing';
import { Field } from '~/components/ui/field';
import { FormRow } from '~/components/ui/form-row';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { ModerationAppeal } from '~/features/listings/moderation-appeal';
import { UpgradeChooser } from '~/features/payments/upgrade-chooser';
import { runListingAction } from '~/features/my-listing/listing-actions.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.listing.title ?? 'Listing'} – manage | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The owner's page for one listing: status, price, delete or restore, and its enquiries. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const listingId = Number(params.id);
  const { marketplace } = context;
  const enquiries = await marketplace.enquiries.list({ user, listingId }).catch(failureAsPage);
  const listing = await marketplace.listings.getOwn({ user, listingId }).catch(failureAsPage);
  const products = await marketplace.payments.products();
  return { listing, enquiries, products };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  try {
    return await runListingAction(form, {
      marketplace: context.marketplace,
      user,
      listingId: Number(params.id),
    });
  } catch (error) {
    return formFailure(
      error,
      { intent: formText(form, 'intent'), statement: formText(form, 'statement') },
      { asPage: ['NOT_FOUND'] },
    );
  }
}

const SALE_STATUSES = ['active', 'under_offer', 'sold_stc', 'paused'];
const RENT_STATUSES = ['active', 'let_agreed', 'paused'];

// size: markup: the listing's status, moderation notices, status forms and enquiries, each a few lines
export default function ManageListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, enquiries, products } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const isDeleted = listing.deletedAt !== null;
  const statuses = listing.channel === 'sale' ? SALE_STATUSES : RENT_STATUSES;
  return (
    <article className="page narrow manage-listing">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › Manage listing
      </p>
      <h1>{listing.title}</h1>
      <p>
        <strong>{formatPrice(listing)}</strong> ·{' '}
        <span className="badge badge--status" data-testid="manage-status">
          {isDeleted ? 'Deleted' : labelOf('status', listing.status)}
        </span>{' '}
        {isDeleted ? null : <Link to={listingPath(listing)}>View listing</Link>}
      </p>
      {listing.moderation === 'held' ? (
        <div className="alert alert--warning" data-testid="moderation-hold">
          <p>
            Our moderators paused this listing after reports from visitors; we e-mailed you their
            reason. Make the changes they asked for, then choose <strong>Available</strong>: a
            moderator checks it before it goes live again.
          </p>
        </div>
      ) : listing.moderation === 'review-requested' ? (
        <div className="alert alert--info" data-testid="moderation-hold">
          <p>
            Waiting for a moderator to check your changes. We will e-mail you when it is back on
            Roost.
          </p>
        </div>
      ) : null}
      <ModerationAppeal
        appeal={listing.appeal}
        canAppeal={listing.canAppeal}
        isBusy={isBusy}
        failure={
          actionData && 'error' in actionData && actionData.intent === 'appeal'
            ? actionData
            : undefined
        }
      />
      {actionData && !(actionData.intent === 'appeal' && 'error' in actionData) ? (
        'error' in actionData ? (
          <div className="alert alert--error" role="alert">
            <p>{Object.values(actionData.fields)[0] ?? actionData.error}</p>
          </div>
        ) : (
          <div className="alert alert--success" role="status">
            <p>{actionData.message}</p>
          </div>
        )
      ) : null}
      {isDeleted ? (
        <Form method="post">
          <input type="hidden" name="intent" value="restore" />
          <button type="submit" className="button" disabled={isBusy}>
            Restore listing
          </button>
        </Form>
      ) : (
        <>
          <FormRow>
            <Form method="post">
              <input type="hidden" name="intent" value="status" />
              <SelectField
                id="status"
                label="Status"
                name="status"
                defaultValue={listing.status}
                options={statuses.map((status) => [status, labelOf('status', status)] as const)}
              />
              <button type="submit" className="button button--secondary" disabled={isBusy}>
                Change status
              </button>
            </Form>
            {listing.status === 'active' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value="active" />
                <button type="submit" className="button button--secondary" disabled={isBusy}>
                  Confirm it is still available
                </button>
              </Form>
            ) : null}
          </FormRow>
          <FormRow>
            <Form method="post">
              <input type="hidden" name="intent" value="price" />
              <TextField
                key={listing.price}
                id="price"
                label={listing.channel === 'rent' ? 'Rent (£)' : 'Price (£)'}
                name="price"
                defaultValue={formatTypedPrice(listing.price)}
              />
              <button type="submit" className="button button--secondary" disabled={isBusy}>
                Change price
              </button>
            </Form>
          </FormRow>
          <p>
            <Link className="button button--secondary" to={`/property/${listing.id}/edit`}>
              Edit details and photos
            </Link>{' '}
            <Link to={`/my-account/listings/${listing.id}/viewings`}>Viewing times</Link>
          </p>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm('Delete this listing? You can restore it for 30 days.'))
                event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button--secondary" disabled={isBusy}>
              Delete listing
            </button>
          </Form>
        </>
      )}
      {isDeleted ? null : <UpgradeChooser listing={listing} products={products} />}
      <section aria-labelledby="enquiries">
        <h2 id="enquiries">Enquiries ({enquiries.length})</h2>
        {enquiries.length === 0 ? <p>No enquiries yet.</p> : null}
        <ul className="manage-listing__enquiries">
          {enquiries.map((enquiry) => (
            <li key={enquiry.id} data-testid="enquiry">
              <p>
                <strong>{enquiry.name}</strong>
                {enquiry.email ? <> &lt;{enquiry.email}&gt;</> : null}
                {enquiry.phone ? `, ${enquiry.phone}` : ''} · {formatDate(enquiry.createdAt)}
                {enquiry.wantsViewing ? ' · wants a viewing' : ''}
              </p>
              {enquiry.viewingTimes.length ? (
                <>
                  <p className="manage-listing__viewing-title">Preferred viewing times:</p>
                  <ul className="manage-listing__viewing" data-testid="viewing-times">
                    {enquiry.viewingTimes.map((slot) => (
                      <li key={`${slot.date}-${slot.period}`}>{formatViewingTime(slot)}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <ScamWarnings warnings={enquiry.warnings} about="enquiry" />
              <p className="manage-listing__message">{enquiry.message}</p>
              {enquiry.threadId ? (
                <p>
                  <Link to={`/my-account/messages/${enquiry.threadId}`}>
                    Open the conversation with {enquiry.name}
                  </Link>
                </p>
              ) : null}
              {enquiry.haveBothReplied ? null : (
                <p className="hint" data-testid="contact-hidden">
                  For your safety, their e-mail address and phone number show here once you have
                  both replied in the conversation.
                </p>
              )}
              {enquiry.reply ? (
                <p className="hint">You replied: {enquiry.reply}</p>
              ) : (
                <Form method="post" className="form">
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="enquiryId" value={enquiry.id} />
                  <Field id={`reply-${enquiry.id}`} label={`Reply to ${enquiry.name}`}>
                    {(control) => <textarea {...control} name="reply" required />}
                  </Field>
                  <button type="submit" className="button button--small" disabled={isBusy}>
                    Send reply
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
