import { useEffect } from 'react';
import { data, Form, Link, useNavigation, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { useFavourites } from '~/features/favourites/use-favourites';
import { FavouriteAlertsForm } from '~/features/favourites/favourite-alerts-form';
import { WithdrawnFavourite } from '~/features/favourites/withdrawn-favourite';
import { ListingCard } from '~/features/listings/listing-card';
import { requireUser } from '../../server/auth/guards';
import { favouriteAlertSettingsInput } from '@domain/favourites/favourite-alerts';
import {
  dispatchIntent,
  formText,
  invalidForm,
  parseForm,
} from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/favourites';

export function meta() {
  return [{ title: 'Your favourites | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** Favourites kept on the server (merged with the browser's list on sign-in), with status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const { favourites } = context.marketplace;
  return {
    listings: await favourites.list({ user }),
    alertSettings: await favourites.alertSettings({ user }),
  };
}

/**
 * Saves the private note on one favourite, removes one, or saves when to e-mail about changes
 * to them (works without JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  const listingId = Number(formText(form, 'listingId'));
  if (!Number.isSafeInteger(listingId)) throw data('Unknown listing', { status: 400 });
  const { favourites } = context.marketplace;
  const saveNote = async () => {
    try {
      await favourites.setNote({ user, listingId, note: formText(form, 'note') });
      return { savedFor: listingId };
    } catch (error) {
      return formFailure(error, { errorFor: listingId });
    }
  };
  const saveAlerts = async () => {
    const parsed = parseForm(form, favouriteAlertSettingsInput);
    if (!parsed.ok) return invalidForm(parsed, { alertsFailed: true });
    await favourites.setAlertSettings({ user, input: parsed.value });
    return { alertsSaved: true };
  };
  return dispatchIntent<
    | Awaited<ReturnType<typeof saveNote>>
    | { removed: number }
    | Awaited<ReturnType<typeof saveAlerts>>
  >(form, {
    alerts: saveAlerts,
    note: saveNote,
    // The note form is the page's own: a post without an intent saves the note.
    '': saveNote,
    remove: async () => {
      await favourites.remove({ user, listingId });
      return { removed: listingId };
    },
  });
}

/**
 * The page is rendered from the server's list, which can be behind this browser: a Save tapped
 * just before coming here may reach the server only with the sign-in merge on this page. Once
 * that merge answers with homes the page does not show, the list is read again.
 */
function useCatchUpWithAccount(shownIds: readonly number[]) {
  const { accountIds } = useFavourites();
  const { revalidate } = useRevalidator();
  const isBehind = accountIds?.some((id) => !shownIds.includes(Number(id))) ?? false;
  useEffect(() => {
    if (isBehind) void revalidate();
  }, [accountIds, isBehind, revalidate]);
}

type Outcome =
  | {
      savedFor?: number;
      errorFor?: number;
      error?: string;
      fields?: Record<string, string>;
      alertsSaved?: boolean;
      alertsFailed?: boolean;
    }
  | undefined;

type FavouriteListing = Route.ComponentProps['loaderData']['listings'][number];

/** One saved home's private note. */
function NoteForm({ listing, outcome }: { listing: FavouriteListing; outcome: Outcome }) {
  const navigation = useNavigation();
  const hasError = outcome?.errorFor === listing.id;
  return (
    <Form method="post" className="favourite-note">
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="listingId" value={listing.id} />
      <Field
        id={`note-${listing.id}`}
        label="Private note"
        error={hasError ? (outcome.fields?.note ?? outcome.error) : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            name="note"
            rows={2}
            maxLength={1000}
            defaultValue={listing.note}
            placeholder="Only you can see this, e.g. 'Ask about parking'"
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="secondary"
        size="small"
        disabled={navigation.state === 'submitting'}
        aria-label={
          listing.isAdvertised
            ? `Save note on ${listing.title}, ${listing.displayAddress}`
            : 'Save note on a home no longer advertised'
        }
      >
        Save note
      </Button>
      {outcome?.savedFor === listing.id ? (
        <span role="status" className="favourite-note__saved">
          Note saved
        </span>
      ) : null}
    </Form>
  );
}

export default function Favourites({ loaderData, actionData }: Route.ComponentProps) {
  const { listings, alertSettings } = loaderData;
  useCatchUpWithAccount(listings.map((listing) => listing.id));
  const outcome = actionData as Outcome;
  return (
    <section className="page">
      <h1>Your favourites</h1>
      {listings.length === 0 ? (
        <p>
          You have not saved any homes yet. Tap <span aria-hidden="true">♡</span> Save on a listing
          to keep it here. <Link to="/search/for-sale/">Search homes for sale</Link> or{' '}
          <Link to="/search/for-rent/">to rent</Link>.
        </p>
      ) : (
        <div className="listing-grid">
          {listings.map((listing, index) => (
            <div key={listing.id} className="favourite-item">
              {listing.isAdvertised ? (
                <ListingCard listing={listing} isAboveFold={index < 3} />
              ) : (
                <WithdrawnFavourite listingId={listing.id} />
              )}
              <NoteForm listing={listing} outcome={outcome} />
            </div>
          ))}
        </div>
      )}
      <FavouriteAlertsForm
        settings={alertSettings}
        isSaved={outcome?.alertsSaved === true}
        fields={outcome?.alertsFailed ? outcome.fields : undefined}
      />
    </section>
  );
}
