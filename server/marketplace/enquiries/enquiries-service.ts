import type {
  MarketplaceDeps,
  OfListing,
  SentAboutListing,
  SignedIn,
} from '../marketplace-deps.ts';
import { answerEnquiry } from './answer-enquiry.ts';
import { listListingEnquiries } from './list-listing-enquiries.ts';
import { submitEnquiry } from './submit-enquiry.ts';

/** 'Contact the lister', and the lister reading and answering what came in. */
export function createEnquiriesService(
  deps: Pick<
    MarketplaceDeps,
    'db' | 'publicUrl' | 'logger' | 'mail' | 'enquiryLimitPerHour' | 'messageLimitPerHour'
  >,
) {
  const { db } = deps;
  const send = () => deps.mail('listing-enquiry');
  return {
    /** Anyone may enquire (not about their own listing); limited per sender per hour. */
    submit: ({ user, listingId, input, ip }: SentAboutListing) =>
      submitEnquiry(
        db,
        {
          send: send(),
          publicUrl: deps.publicUrl,
          limitPerHour: deps.enquiryLimitPerHour,
          logger: deps.logger,
        },
        { listingId, input, senderIp: ip, senderSub: user?.userId },
      ),
    /** The lister's enquiries on one of their listings; anyone else's answers 404. */
    list: ({ user, listingId }: SignedIn & OfListing) =>
      listListingEnquiries(db, { listingId, userSub: user.userId }),
    answer: ({
      user,
      listingId,
      enquiryId,
      input,
    }: SignedIn & OfListing & { enquiryId: number; input: unknown }) =>
      answerEnquiry(
        db,
        {
          send: deps.mail('message-notification'),
          publicUrl: deps.publicUrl,
          logger: deps.logger,
          limitPerHour: deps.messageLimitPerHour,
        },
        { listingId, enquiryId, userSub: user.userId, input },
      ),
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
