import { data, Link } from 'react-router';
import { ListingWizard } from '~/features/listing-draft/listing-wizard';
import { DraftStoreProvider } from '~/store/draft-store-provider';
import listingStyles from '~/styles/listings.css?url';
import { asDomainFailure } from '../../server/http/route-errors';
import type { Route } from './+types/property-new';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta() {
  return [
    { title: 'Add a listing | Roost' },
    { name: 'description', content: 'List your home for sale or to rent on Roost, free.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** `/property/new?draft=<tempPropertyId>&step=n`: the draft lives on the server, so a reload or
 * the sign-in redirect loses nothing. Without `draft` the first save creates one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draftId = new URL(request.url).searchParams.get('draft');
  const mediaLimits = context.marketplace.media.limits;
  const isSignedIn = context.user !== null;
  if (!draftId) return { draft: null, isSignedIn, mediaLimits, isMissing: false };
  try {
    const draft = await context.marketplace.listings.getDraft({ user: context.user, draftId });
    return {
      draft: {
        id: draft.id,
        listingId: draft.listingId,
        step: draft.step,
        data: draft.data,
        media: draft.media,
        isOwned: draft.ownerSub !== null,
        nation: context.marketplace.listings.nationOf({ postcode: draft.data.postcode }),
      },
      isSignedIn,
      mediaLimits,
      isMissing: false,
    };
  } catch (error) {
    if (asDomainFailure(error)?.code === 'NOT_FOUND') {
      return data({ draft: null, isSignedIn, mediaLimits, isMissing: true }, { status: 404 });
    }
    throw error;
  }
}

export default function PropertyNew({ loaderData }: Route.ComponentProps) {
  const { draft, isSignedIn, mediaLimits, isMissing } = loaderData;
  const isEditing = Boolean(draft?.listingId);
  return (
    <article className="page narrow">
      <h1>{isEditing ? 'Edit your listing' : 'Add a listing'}</h1>
      {isMissing ? (
        <div className="alert alert--error" role="alert">
          <p>
            We could not find that draft: it may have been published already, or it belongs to
            another account. <Link to="/property/new">Start a new listing</Link>.
          </p>
        </div>
      ) : (
        <DraftStoreProvider>
          <ListingWizard
            key={draft?.id ?? 'new'}
            initialDraft={draft}
            isSignedIn={isSignedIn}
            mediaLimits={mediaLimits}
          />
        </DraftStoreProvider>
      )}
    </article>
  );
}
