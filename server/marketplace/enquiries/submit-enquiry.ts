import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { enquirySchema, type EnquiryInput } from '../../../domain/enquiry/enquiry-schema.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import { AppError } from '../../http/app-error.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import type { Logger } from '../../logger.ts';
import { listings } from '../listings/schema.ts';
import { senderHashOf, takeHourly } from '../../../limits/index.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
import { messageAsReadBy } from '../messages/message-as-read-by.ts';
import { startThread } from '../messages/start-thread.ts';
import { newEnquiryMail } from './new-enquiry-mail.ts';
import { enquiries } from './schema.ts';

export interface ListerEmail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe on marketing e-mails). */
  headers?: Record<string, string>;
  /** Files sent with it (a viewing's `.ics`). */
  attachments?: MailAttachment[];
}
export type SendEmail = (email: ListerEmail) => Promise<void>;

export interface EnquirySettings {
  send: SendEmail | undefined;
  publicUrl: string;
  /** Enquiries one sender (IP or e-mail) may send in an hour, across all listings. */
  limitPerHour: number;
  logger: Logger;
}

const ENQUIRABLE = new Set(['active', 'under_offer']);

/**
 * 'Contact the lister': validated, spam-guarded (honeypot) and rate limited per IP and per
 * e-mail address under an advisory lock (holds across instances), stored, then e-mailed to the
 * lister as they read it in the conversation (contact details masked until both have replied). A mail failure keeps the enquiry; the lister still sees it in their account.
 */
export async function submitEnquiry(
  db: Database,
  settings: EnquirySettings,
  options: {
    listingId: number;
    input: unknown;
    senderIp: string;
    senderSub?: string | undefined;
    now?: Date;
  },
): Promise<{ id: number; isEmailed: boolean }> {
  const parsed = enquirySchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const input = parsed.data;
  const listing = await enquirableListing(db, options.listingId, options.senderSub);
  const senderHash = senderHashOf(options.senderIp, 'enquiry');
  const now = options.now ?? new Date();
  const email = input.email.toLowerCase();

  const { id, threadId } = await db.transaction(async (tx) => {
    refuseWhenLimited(
      await takeHourly(tx, {
        lockKey: `enquiry:${senderHash}`,
        table: enquiries,
        createdAt: enquiries.createdAt,
        sender: or(eq(enquiries.senderHash, senderHash), sql`lower(${enquiries.email}) = ${email}`),
        perHour: settings.limitPerHour,
        now,
      }),
      'You have sent several enquiries in the last hour. Please wait a while before sending another.',
    );
    const [row] = await tx
      .insert(enquiries)
      .values({
        listingId: listing.id,
        senderSub: options.senderSub ?? null,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        message: input.message,
        wantsViewing: input.wantsViewing,
        viewingTimes: input.viewingTimes,
        senderHash,
        createdAt: now,
      })
      .returning({ id: enquiries.id });
    const threadId = await startThread(tx, {
      id: row!.id,
      listingId: listing.id,
      listerSub: listing.ownerSub,
      senderSub: options.senderSub ?? null,
      message: input.message,
      createdAt: now,
    });
    await tx
      .update(listings)
      .set({ enquiryCount: sql`${listings.enquiryCount} + 1` })
      .where(eq(listings.id, listing.id));
    return { id: row!.id, threadId };
  });

  return { id, isEmailed: await emailLister(db, settings, { id, threadId, listing, input, now }) };
}

/** The listing, if it takes enquiries and is not the sender's own. */
async function enquirableListing(db: Database, listingId: number, senderSub: string | undefined) {
  const [listing] = await db
    .select({
      id: listings.id,
      status: listings.status,
      deletedAt: listings.deletedAt,
      ownerSuspendedAt: listings.ownerSuspendedAt,
      contactEmail: listings.contactEmail,
      title: listings.title,
      channel: listings.channel,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      town: listings.town,
      ownerSub: listings.ownerSub,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || listing.deletedAt || listing.ownerSuspendedAt) {
    throw new AppError('NOT_FOUND', 'No such listing.');
  }
  if (!ENQUIRABLE.has(listing.status)) {
    throw new AppError('GONE', 'This listing is no longer taking enquiries.');
  }
  if (senderSub && senderSub === listing.ownerSub) {
    throw new AppError('FORBIDDEN', 'This is your own listing.');
  }
  return listing;
}

type EnquirableListing = Awaited<ReturnType<typeof enquirableListing>>;

/** E-mails the lister the enquiry as they read it in the conversation; whether it went. */
async function emailLister(
  db: Database,
  settings: EnquirySettings,
  {
    id,
    threadId,
    listing,
    input,
    now,
  }: {
    id: number;
    threadId: number;
    listing: EnquirableListing;
    input: EnquiryInput;
    now: Date;
  },
): Promise<boolean> {
  if (!settings.send || !listing.contactEmail) {
    settings.logger.warn(
      { enquiryId: id },
      'enquiry stored; not e-mailed (no delivery or address)',
    );
    return false;
  }
  const reading = messageAsReadBy(
    'lister',
    { id: 0, senderRole: 'enquirer', body: input.message, createdAt: now },
    { messages: [], haveBothReplied: false },
  );
  try {
    await settings.send(
      newEnquiryMail({
        to: listing.contactEmail,
        listingTitle: listing.title,
        listingUrl: `${settings.publicUrl}${listingPath(listing)}`,
        threadUrl: `${settings.publicUrl}/my-account/messages/${threadId}`,
        name: input.name,
        wantsViewing: input.wantsViewing,
        viewingTimes: input.viewingTimes,
        reading,
      }),
    );
    await db.update(enquiries).set({ emailedAt: new Date() }).where(eq(enquiries.id, id));
    return true;
  } catch (error) {
    settings.logger.error({ err: error, enquiryId: id }, 'enquiry stored but not e-mailed');
    return false;
  }
}
