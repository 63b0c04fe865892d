import { Suspense } from 'react';
import { data, redirect } from 'react-router';
import { requireUser } from '../../server/auth/guards';
import { dispatchIntent, formText, formValues } from '../../server/http/form-submission';
import { asDomainFailure, formFailure } from '../../server/http/route-errors';
import { MapToggle, MapView } from '~/features/search/map-view';
import { LocationProblem, ResultsCount, SearchNotices } from '~/features/search/results-summary';
import { SaveSearch, type SaveSearchOutcome } from '~/features/search/save-search';
import type { EditingSavedSearch } from '~/features/search/editing-saved-search';
import {
  DeferredEditingBanner,
  DeferredNoResults,
  DeferredPagination,
  preloadSearchParts,
} from '~/features/search/deferred-parts';
import { SearchFilters } from '~/features/search/search-filters';
import { SearchResults } from '~/features/search/search-results';
import { ShowcaseSlots } from '~/features/listings/showcase-slots';
import { channelOf, pathFor } from '~/features/search/search-url';
import { useSearchHeading } from '~/features/search/use-search-heading';
import { pluralise } from '@domain/format';
import { EDITING_SAVED_SEARCH_PARAM } from '@domain/search/saved-search-paths';
import type { Route } from './+types/search';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const channel = channelOf(url.pathname);
  const page = await context.marketplace.search.run({
    channel,
    params: url.searchParams,
    placeSlug: params.place,
    user: context.user,
    featuredAt: new Date(),
  });
  const [editing] = await Promise.all([
    savedSearchBeingEdited(request, context),
    preloadSearchParts(),
  ]);
  // A town typed into the box gets its own canonical, shareable page (still editing, if it was).
  if (!params.place && page.placeSlug) {
    const path = pathFor(channel, page.query, page.placeSlug);
    throw redirect(editing ? withEditing(path, editing.id) : path);
  }
  // A town's own page has Showcase slots (paid upgrades) above its first page of results.
  const showcase =
    params.place && page.location?.kind === 'place' && page.page === 1
      ? await context.marketplace.search.showcase({
          channel,
          town: { name: page.location.town, lat: page.location.lat, lng: page.location.lng },
        })
      : [];
  return {
    ...page,
    showcase,
    editing,
    origin: url.origin,
    isSignedIn: context.user !== null,
  };
}

/**
 * The saved search its owner is editing here (`?savedSearch=<id>`, from 'Edit' on
 * /saved-searches). Signed out, they sign in first; someone else's id is ignored.
 */
async function savedSearchBeingEdited(
  request: Request,
  context: Route.LoaderArgs['context'],
): Promise<EditingSavedSearch | undefined> {
  const id = new URL(request.url).searchParams.get(EDITING_SAVED_SEARCH_PARAM);
  if (id === null) return undefined;
  const user = requireUser(context.user, request);
  try {
    const saved = await context.marketplace.alerts.get({ user, savedSearchId: Number(id) });
    return { id: saved.id, name: saved.name };
  } catch (error) {
    if (asDomainFailure(error)?.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

function withEditing(path: string, id: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}${EDITING_SAVED_SEARCH_PARAM}=${id}`;
}

/** Signed-in actions on results: save this search (for alerts) or hide a listing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const url = new URL(request.url);
  const form = await request.formData();
  const { alerts } = context.marketplace;
  try {
    return await dispatchIntent<{ hidden?: number; saved?: string } | Response>(form, {
      hide: async () => {
        const listingId = Number(formText(form, 'listingId'));
        if (!Number.isSafeInteger(listingId) || listingId <= 0) {
          throw data('Unknown listing', { status: 400 });
        }
        await alerts.hide({ user, listingId });
        return { hidden: listingId };
      },
      'save-search': async () => {
        const { frequency } = formValues(form);
        const saved = await alerts.save({
          user,
          input: {
            name: formText(form, 'name'),
            channel: channelOf(url.pathname),
            placeSlug: params.place,
            params: url.searchParams.toString(),
            frequency,
          },
        });
        return { saved: saved.name };
      },
      // The search as the page shows it becomes the saved search's criteria.
      'save-search-changes': async () => {
        const savedSearchId = Number(formText(form, 'id'));
        await alerts.update({
          user,
          savedSearchId,
          input: {
            criteria: {
              channel: channelOf(url.pathname),
              placeSlug: params.place,
              params: url.searchParams.toString(),
            },
          },
        });
        return redirect(`/saved-searches?updated=${savedSearchId}`);
      },
    });
  } catch (error) {
    return formFailure(error, { intent: formText(form, 'intent') });
  }
}

/** A navigation in the browser waits for the deferred parts' chunk too, so none shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), preloadSearchParts()]);
  return loaded;
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: 'Search | Roost' }];
  const noun = data.channel === 'sale' ? 'for sale' : 'to rent';
  const where = data.location ? ` in ${data.location.label}` : ' in the UK';
  const canonical = `${data.origin}${pathFor(data.channel, { page: data.query.page }, data.placeSlug)}`;
  return [
    { title: `Property ${noun}${where} | Roost` },
    {
      name: 'description',
      content: `${data.totalIsLowerBound ? `More than ${pluralise(data.total, 'home')}` : pluralise(data.total, 'home')} ${noun}${where} on Roost, listed free by private sellers and landlords. Filter by price, bedrooms and more.`,
    },
    { tagName: 'link', rel: 'canonical', href: canonical },
  ];
}

export default function Search({ loaderData, actionData }: Route.ComponentProps) {
  const { query, items, location, locationProblem, isSignedIn } = loaderData;
  const heading = useSearchHeading(loaderData);
  const answer = actionData as (SaveSearchOutcome & { intent?: string }) | undefined;
  const isChangesAnswer = answer?.intent === 'save-search-changes';
  return (
    <section className="page search" aria-labelledby="results-title">
      <h1 id="results-title">{heading}</h1>
      {loaderData.editing ? (
        <Suspense fallback={null}>
          <DeferredEditingBanner
            editing={loaderData.editing}
            error={isChangesAnswer ? answer.error : undefined}
          />
        </Suspense>
      ) : null}
      <SearchFilters
        // A new search (a drawn area, a place chosen on the map) starts the form afresh: its
        // fields show that search, not what was typed for the one before.
        key={pathFor(loaderData.channel, query, loaderData.placeSlug)}
        channel={loaderData.channel}
        query={query}
        hasLocation={Boolean(location)}
        editingSavedSearch={loaderData.editing?.id}
      />
      <MapToggle search={loaderData} />
      <MapView search={loaderData} />
      <SearchNotices notices={loaderData.notices} />
      {locationProblem ? (
        <LocationProblem search={loaderData} problem={locationProblem} />
      ) : (
        <>
          <ResultsCount search={loaderData} summary={loaderData} />
          <SaveSearch
            isSignedIn={isSignedIn}
            defaultName={heading.replace('Property ', 'Homes ')}
            outcome={isChangesAnswer ? undefined : answer}
          />
        </>
      )}
      {loaderData.showcase.length > 0 && loaderData.location ? (
        <ShowcaseSlots listings={loaderData.showcase} place={loaderData.location.label} />
      ) : null}
      {items.length > 0 || loaderData.featured.length > 0 ? (
        <SearchResults
          search={loaderData}
          featured={loaderData.featured}
          items={items}
          isSignedIn={isSignedIn}
        />
      ) : !locationProblem ? (
        <Suspense fallback={null}>
          <DeferredNoResults
            search={loaderData}
            hasLocation={Boolean(location)}
            widerCounts={loaderData.widerCounts}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <DeferredPagination
          search={loaderData}
          page={loaderData.page}
          pageCount={loaderData.pageCount}
        />
      </Suspense>
    </section>
  );
}
