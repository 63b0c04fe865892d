import type { Router } from 'express';
import { z } from 'zod';
import { contactMessageInput } from '../../../domain/contact/contact-message.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import type { Marketplace } from '../marketplace.ts';
import { errors, json, jsonBody, signedIn, type Same } from '../openapi/common.ts';
import type { SubmittedContactMessage } from './submit-contact-message.ts';

type Deps = Pick<Marketplace, 'contact'>;
const operation = operationsOf<Deps>();

/** A message the API accepts (the API test sends it). */
export const contactExample = {
  name: 'Alex Reader',
  email: 'alex@example.co.uk',
  topic: 'general',
  message: 'How long does a listing stay on Roost?',
};

const submitted = z.object({
  id: z.int(),
  isEmailed: z
    .boolean()
    .meta({ description: 'False when the e-mail failed; it is kept all the same' }),
});
const _submitted: Same<z.infer<typeof submitted>, SubmittedContactMessage> = true;

/** `POST /api/v1/contact-messages`: the contact form for API clients (201, or 422 / 429). */
export const contactOperations = [
  operation({
    method: 'post',
    path: '/contact-messages',
    operationId: 'sendContactMessage',
    tags: ['Contact'],
    summary: 'The contact form: a message to the Roost team (rate limited per sender)',
    security: [{}, ...signedIn],
    requestBody: jsonBody(contactMessageInput, contactExample),
    responses: { 201: json('Stored', submitted), ...errors(400, 422, 429) },
    handle: async ({ req, res, deps: { contact } }) => {
      const result = await contact.submit({
        user: sessionUserOf(res),
        input: req.body,
        ip: req.ip ?? 'unknown',
        logger: req.log,
      });
      res.status(201).json({ id: result.id, isEmailed: result.isEmailed });
    },
  }),
];

export function mountContactApi(api: Router, deps: Deps): void {
  mountOperations(api, contactOperations, deps);
}
