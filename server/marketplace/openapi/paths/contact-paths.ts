import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { contactMessageInput } from '../../../../domain/contact/contact-message.ts';
import type { SubmittedContactMessage } from '../../contact/submit-contact-message.ts';
import { errors, json, jsonBody, signedIn, type Same } from '../common.ts';

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

export const contactPaths: ZodOpenApiPathsObject = {
  '/contact-messages': {
    post: {
      operationId: 'sendContactMessage',
      tags: ['Contact'],
      summary: 'The contact form: a message to the Roost team (rate limited per sender)',
      security: [{}, ...signedIn],
      requestBody: jsonBody(contactMessageInput, contactExample),
      responses: { 201: json('Stored', submitted), ...errors(400, 422, 429) },
    },
  },
};
