import type { SessionUser } from '../../../domain/session-user.ts';
import type { MarketplaceDeps, OfListing, SignedIn, Visitor } from '../marketplace-deps.ts';
import { answerFreshness, checkFreshnessLink } from './answer-freshness.ts';
import { changeListingPrice } from './change-listing-price.ts';
import { changeListingStatus } from './change-listing-status.ts';
import { deleteListing, restoreListing } from './delete-listing.ts';
import { findRecentListings } from './find-listings.ts';
import { findOwnListing, findOwnListings } from './find-own-listings.ts';
import { getListing, lookUpListing } from './get-listing.ts';
import { loadListingDraft } from './load-listing-draft.ts';
import { getListerProfile, rememberLister } from './lister-profile.ts';
import { publishListingDraft } from './publish-listing-draft.ts';
import { saveListingDraft } from './save-listing-draft.ts';
import { draftMaterialSuggestions } from './draft-material-suggestions.ts';
import { createListing, updateListing } from './save-listing.ts';
import type { Listing } from './schema.ts';
import { startListingDraft, startListingEdit } from './start-listing-draft.ts';
import { nationOfPostcode } from './let-context.ts';
import type { ViewCounter } from './view-counter.ts';

type OfDraft = { draftId: string };
type Change = SignedIn & OfListing & { input: unknown };

const publisher = (user: SessionUser) => ({ sub: user.userId, email: user.email ?? undefined });

/** Listings and the add-listing wizard's drafts: public reads, and the lister's own writes. */
export function createListingsService({
  db,
  geocoder,
  anonymousDraftsPerHour: anonymousPerHour,
  prsDatabaseRequiredFrom,
  secret,
  views,
}: Pick<
  MarketplaceDeps,
  'db' | 'geocoder' | 'anonymousDraftsPerHour' | 'prsDatabaseRequiredFrom' | 'secret'
> & {
  views: ViewCounter;
}) {
  const letRules = { prsDatabaseRequiredFrom };
  return {
    findRecent: (options: { channel?: Listing['channel']; limit?: number } = {}) =>
      findRecentListings(db, options),
    /** Any listing by id, whatever its status: for the lister's own routes after a write. */
    get: ({ listingId }: OfListing) => getListing(db, listingId),
    /** A listing with its visibility (`listingVisibility`): the public page and API read this. */
    lookUp: ({ listingId }: OfListing) => lookUpListing(db, listingId),
    /** Counts a page view (not the owner's, not a bot's: the route decides), written shortly. */
    recordView: ({ listingId }: OfListing) => views.record(listingId),
    findOwn: ({ user }: SignedIn) => findOwnListings(db, user.userId),
    /** One of the user's own listings (deleted too); anyone else's answers NOT_FOUND. */
    getOwn: ({ user, listingId }: SignedIn & OfListing) =>
      findOwnListing(db, user.userId, listingId),

    startDraft: ({ user, clientIp }: Visitor & { clientIp: string }) =>
      startListingDraft(db, { userSub: user?.userId, clientIp, anonymousPerHour }),
    startEdit: ({ user, listingId }: SignedIn & OfListing) =>
      startListingEdit(db, { listingId, userSub: user.userId }),
    getDraft: ({ user, draftId }: Visitor & OfDraft) => loadListingDraft(db, draftId, user?.userId),
    /** The nation a let at `postcode` is advertised under (its rules), once it is a postcode. */
    nationOf: ({ postcode }: { postcode: unknown }) => nationOfPostcode(postcode) ?? null,
    /** The open data's flood risk and broadband for the draft's postcode, to prefill. */
    materialSuggestions: ({ user, draftId }: Visitor & OfDraft) =>
      draftMaterialSuggestions(db, geocoder, { draftId, userSub: user?.userId }),
    saveDraftStep: ({
      user,
      ...step
    }: Visitor &
      OfDraft & { step: number; fields: Record<string, unknown>; nextStep?: number | undefined }) =>
      saveListingDraft(db, { ...step, userSub: user?.userId, letRules, geocoder }),
    publishDraft: async ({ user, draftId }: Visitor & OfDraft) => {
      const published = await publishListingDraft(db, geocoder, {
        draftId,
        user: user ? publisher(user) : null,
        letRules,
      });
      if (user) await rememberLister(db, { sub: user.userId, name: user.name });
      return published;
    },
    getLister: ({ publicId }: { publicId: string }) => getListerProfile(db, publicId),

    create: async ({ user, input }: SignedIn & { input: unknown }) => {
      const created = await createListing(db, geocoder, { user: publisher(user), input, letRules });
      await rememberLister(db, { sub: user.userId, name: user.name });
      return created;
    },
    update: ({ user, listingId, input }: Change) =>
      updateListing(db, geocoder, { listingId, userSub: user.userId, input, letRules }),
    changeStatus: ({ user, listingId, input }: Change) =>
      changeListingStatus(db, { listingId, userSub: user.userId, input }),
    changePrice: ({ user, listingId, input }: Change) =>
      changeListingPrice(db, { listingId, userSub: user.userId, input }),
    remove: ({ user, listingId }: SignedIn & OfListing) =>
      deleteListing(db, { listingId, userSub: user.userId }),
    restore: ({ user, listingId }: SignedIn & OfListing) =>
      restoreListing(db, { listingId, userSub: user.userId }),

    /** The 'Is it still available?' e-mail's links, signed out: what one offers, never acting. */
    checkFreshnessLink: ({ token }: { token: string }) => checkFreshnessLink(db, { secret, token }),
    /** Acts on one of those links, once: the token names the listing and the answer. */
    answerFreshness: ({ token }: { token: string }) => answerFreshness(db, { secret, token }),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
