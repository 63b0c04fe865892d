import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import type { Logger } from '../../logger.ts';
import { answerEnquiry } from '../enquiries/answer-enquiry.ts';
import { listListingEnquiries } from '../enquiries/list-listing-enquiries.ts';
import { submitEnquiry, type SendEmail } from '../enquiries/submit-enquiry.ts';
import {
  addFavourite,
  listFavourites,
  mergeFavourites,
  removeFavourite,
  setFavouriteNote,
} from '../favourites/manage-favourites.ts';
import { addDraftMedia, type MediaSettings } from '../media/add-draft-media.ts';
import { arrangeDraftMedia } from '../media/arrange-draft-media.ts';
import { reportListing } from '../reports/report-listing.ts';
import type { Geocoder } from '../search/geocoder.ts';
import { changeListingPrice } from './change-listing-price.ts';
import { changeListingStatus } from './change-listing-status.ts';
import { deleteListing, restoreListing } from './delete-listing.ts';
import { findOwnListings } from './find-own-listings.ts';
import { loadListingDraft } from './load-listing-draft.ts';
import { publishListingDraft } from './publish-listing-draft.ts';
import { saveListingDraft } from './save-listing-draft.ts';
import { createListing, updateListing } from './save-listing.ts';
import { startListingDraft, startListingEdit } from './start-listing-draft.ts';

export interface ListingServiceOptions {
  db: Database;
  geocoder: Geocoder;
  media: MediaSettings;
  publicUrl: string;
  enquiryLimitPerHour: number;
  /** Drafts one address may start signed out in an hour. */
  anonymousDraftsPerHour?: number;
  /** Looked up on each message, so delivery can be wired after start-up. */
  send: () => SendEmail | undefined;
  logger: Logger;
}

const publisher = (user: SessionUser) => ({ sub: user.userId, email: user.email ?? undefined });

/**
 * The listing use cases a signed-in (or not) person can call, with ownership decided here from
 * the verified identity: every write takes the user, never an owner id from the request.
 */
export function createListingService(options: ListingServiceOptions) {
  const { db, geocoder } = options;
  const sub = (user: SessionUser | null) => user?.userId;
  const enquirySettings = () => ({
    send: options.send(),
    publicUrl: options.publicUrl,
    limitPerHour: options.enquiryLimitPerHour,
    logger: options.logger,
  });
  return {
    mediaLimits: { maxPhotos: options.media.maxPhotos, maxBytes: options.media.limits.maxBytes },
    startDraft: (user: SessionUser | null, clientIp: string) =>
      startListingDraft(db, {
        userSub: sub(user),
        clientIp,
        anonymousPerHour: options.anonymousDraftsPerHour,
      }),
    startEdit: (user: SessionUser, listingId: number) =>
      startListingEdit(db, { listingId, userSub: user.userId }),
    getDraft: (user: SessionUser | null, draftId: string) =>
      loadListingDraft(db, draftId, sub(user)),
    saveDraftStep: (
      user: SessionUser | null,
      draftId: string,
      step: number,
      fields: Record<string, unknown>,
      nextStep?: number,
    ) => saveListingDraft(db, { draftId, userSub: sub(user), step, fields, nextStep }),
    addDraftMedia: (
      user: SessionUser | null,
      draftId: string,
      kind: 'photo' | 'floorplan',
      bytes: Buffer,
    ) => addDraftMedia(db, options.media, { draftId, userSub: sub(user), kind, bytes }),
    arrangeDraftMedia: (user: SessionUser | null, draftId: string, input: unknown) =>
      arrangeDraftMedia(db, { draftId, userSub: sub(user), input }),
    publishDraft: (user: SessionUser | null, draftId: string) =>
      publishListingDraft(db, geocoder, { draftId, user: user ? publisher(user) : null }),
    create: (user: SessionUser, input: unknown) =>
      createListing(db, geocoder, { user: publisher(user), input }),
    update: (user: SessionUser, listingId: number, input: unknown) =>
      updateListing(db, geocoder, { listingId, userSub: user.userId, input }),
    changeStatus: (user: SessionUser, listingId: number, input: unknown) =>
      changeListingStatus(db, { listingId, userSub: user.userId, input }),
    changePrice: (user: SessionUser, listingId: number, input: unknown) =>
      changeListingPrice(db, { listingId, userSub: user.userId, input }),
    remove: (user: SessionUser, listingId: number) =>
      deleteListing(db, { listingId, userSub: user.userId }),
    restore: (user: SessionUser, listingId: number) =>
      restoreListing(db, { listingId, userSub: user.userId }),
    findOwn: (user: SessionUser) => findOwnListings(db, user.userId),
    enquire: (user: SessionUser | null, listingId: number, input: unknown, ip: string) =>
      submitEnquiry(db, enquirySettings(), {
        listingId,
        input,
        senderIp: ip,
        senderSub: sub(user),
      }),
    enquiries: (user: SessionUser, listingId: number) =>
      listListingEnquiries(db, { listingId, userSub: user.userId }),
    answerEnquiry: (user: SessionUser, listingId: number, enquiryId: number, input: unknown) =>
      answerEnquiry(db, options.send(), { listingId, enquiryId, userSub: user.userId, input }),
    report: (user: SessionUser | null, listingId: number, input: unknown, ip: string) =>
      reportListing(db, { listingId, input, reporterIp: ip, reporterSub: sub(user) }),
    favourites: {
      list: (user: SessionUser) => listFavourites(db, user.userId),
      merge: (user: SessionUser, ids: unknown[]) => mergeFavourites(db, user.userId, ids),
      add: (user: SessionUser, listingId: number) => addFavourite(db, user.userId, listingId),
      remove: (user: SessionUser, listingId: number) => removeFavourite(db, user.userId, listingId),
      setNote: (user: SessionUser, listingId: number, note: unknown) =>
        setFavouriteNote(db, user.userId, listingId, note),
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
