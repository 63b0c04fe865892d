import type { Response, Router } from 'express';
import { z } from 'zod';
import { VIEWING_PERIODS } from '../../../domain/enquiry/viewing-times.ts';
import { RENT_PERIODS, SALE_QUALIFIERS } from '../../../domain/listing/enums.ts';
import { messageSchema } from '../../../domain/messages/message-schema.ts';
import { messageReportSchema } from '../../../domain/report/report-schema.ts';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import type { Marketplace } from '../marketplace.ts';
import {
  errors,
  idParam,
  json,
  jsonBody,
  signedIn,
  timestamp,
  type Same,
} from '../openapi/common.ts';
import type { ThreadSummary } from './list-threads.ts';
import type { ThreadView } from './read-thread.ts';

type Deps = Pick<Marketplace, 'messages'>;
const operation = operationsOf<Deps>();
const user = (res: Response) => requireApiUser(sessionUserOf(res));

const role = z.enum(['enquirer', 'lister']);

export const scamWarning = z
  .object({
    kind: z.enum([
      'payment-before-viewing',
      'bank-transfer',
      'gift-card',
      'abroad',
      'courier-keys',
      'viewing-deposit',
    ]),
    message: z.string().meta({ description: 'Plain words for the reader' }),
  })
  .meta({ id: 'ScamWarning' });

const advertisedListing = z.object({
  id: z.int(),
  isAdvertised: z.literal(true),
  title: z.string(),
  channel: z.enum(['sale', 'rent']),
  price: z.int(),
  priceQualifier: z.enum(SALE_QUALIFIERS).nullable(),
  rentPeriod: z.enum(RENT_PERIODS).nullable(),
  path: z.string().nullable().meta({ description: 'The property page; null once it has gone' }),
  cover: z.object({ key: z.string(), width: z.int(), height: z.int() }).nullable(),
});

/** A listing no longer public, to the enquirer: its id only ('This home is no longer advertised'). */
const withdrawnListing = z.object({ id: z.int(), isAdvertised: z.literal(false) });

const threadListing = z.discriminatedUnion('isAdvertised', [advertisedListing, withdrawnListing]);

const threadSummary = z
  .object({
    id: z.int(),
    role,
    listing: threadListing,
    otherName: z.string().meta({ description: 'First name and initial; never an e-mail' }),
    lastMessageAt: timestamp,
    isUnread: z.boolean(),
  })
  .meta({ id: 'ThreadSummary' });

const threadView = z
  .object({
    id: z.int(),
    role,
    listing: threadListing,
    otherName: z.string(),
    viewingTimes: z.array(z.object({ date: z.iso.date(), period: z.enum(VIEWING_PERIODS) })),
    haveBothReplied: z.boolean(),
    canEnquirerReply: z.boolean(),
    messages: z.array(
      z.object({
        id: z.int(),
        isMine: z.boolean(),
        senderName: z.string(),
        text: z.string().meta({
          description:
            'Both participants see the same text: contact details (phone numbers, e-mail addresses, links, handles, bank details) are replaced by plain-words markers until both have replied',
        }),
        note: z.string().nullable().meta({
          description: "On the reader's own masked message: what was hidden and why",
        }),
        warnings: z.array(scamWarning).meta({
          description: "Scam patterns in the other party's message; show them beside it",
        }),
        createdAt: timestamp,
      }),
    ),
  })
  .meta({ id: 'Thread' });

const _summary: Same<z.infer<typeof threadSummary>, ThreadSummary> = true;
const _view: Same<z.infer<typeof threadView>, ThreadView> = true;

const threadIdPath = z.object({
  threadId: idParam('The conversation id', 'No such conversation.'),
});

/** The signed-in person's conversations (`/me/threads`) and reporting a message. */
export const messageOperations = [
  operation({
    method: 'get',
    path: '/me/threads',
    operationId: 'listThreads',
    tags: ['Messages'],
    summary: 'My conversations, as enquirer and as lister, newest activity first',
    security: signedIn,
    responses: {
      200: json('Conversations', z.object({ threads: z.array(threadSummary) })),
      ...errors(401),
    },
    handle: async ({ res, deps: { messages } }) => {
      res.json({ threads: await messages.list({ user: user(res) }) });
    },
  }),
  operation({
    method: 'get',
    path: '/me/threads/unread-count',
    operationId: 'countUnreadThreads',
    tags: ['Messages'],
    summary: 'How many conversations have an unread message',
    security: signedIn,
    responses: { 200: json('Count', z.object({ unread: z.int() })), ...errors(401) },
    handle: async ({ res, deps: { messages } }) => {
      res.json({ unread: await messages.unreadCount({ user: user(res) }) });
    },
  }),
  operation({
    method: 'get',
    path: '/me/threads/{threadId}',
    operationId: 'readThread',
    tags: ['Messages'],
    summary: 'One conversation (its two participants only); marks it read',
    security: signedIn,
    pathParams: threadIdPath,
    responses: { 200: json('The conversation', threadView), ...errors(401, 404) },
    handle: async ({ res, deps: { messages }, path }) => {
      res.json(await messages.read({ user: user(res), threadId: path.threadId }));
    },
  }),
  operation({
    method: 'post',
    path: '/me/threads/{threadId}/messages',
    operationId: 'sendMessage',
    tags: ['Messages'],
    summary: 'Write in a conversation (the other party is e-mailed; rate limited)',
    security: signedIn,
    pathParams: threadIdPath,
    requestBody: jsonBody(messageSchema, { body: 'Saturday at 11 suits me. See you then.' }),
    responses: {
      201: json('Sent', z.object({ id: z.int(), isEmailed: z.boolean() })),
      ...errors(401, 403, 404, 410, 422, 429),
    },
    handle: async ({ req, res, deps: { messages }, path }) => {
      const sent = await messages.send({
        user: user(res),
        threadId: path.threadId,
        input: req.body as unknown,
      });
      res.status(201).json(sent);
    },
  }),
  operation({
    method: 'post',
    path: '/me/messages/{messageId}/reports',
    operationId: 'reportMessage',
    tags: ['Messages'],
    summary: "Report the other party's message to the moderators (one open report each)",
    security: signedIn,
    pathParams: z.object({ messageId: idParam('The message id', 'No such message.') }),
    requestBody: jsonBody(messageReportSchema, {
      reason: 'scam',
      details: 'Asks for a deposit by bank transfer before a viewing.',
    }),
    responses: {
      201: json('Stored', z.object({ id: z.int() })),
      ...errors(400, 401, 404, 409, 422, 429),
    },
    handle: async ({ req, res, deps: { messages }, path }) => {
      const report = await messages.report({
        user: user(res),
        messageId: path.messageId,
        input: req.body as unknown,
      });
      res.status(201).json(report);
    },
  }),
];

export function mountMessagesApi(api: Router, deps: Deps): void {
  mountOperations(api, messageOperations, deps);
}
