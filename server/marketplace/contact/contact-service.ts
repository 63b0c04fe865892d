import type { Logger } from '../../logger.ts';
import type { MarketplaceDeps, Visitor } from '../marketplace-deps.ts';
import { submitContactMessage } from './submit-contact-message.ts';

/** The 'Contact us' form: stored, limited per sender per hour, e-mailed to the operator. */
export function createContactService(
  deps: Pick<MarketplaceDeps, 'db' | 'logger' | 'mail' | 'contact'>,
) {
  return {
    /** `logger`: the request's, so a delivery failure is logged with its request id. */
    submit: ({
      user,
      input,
      ip,
      logger,
    }: Visitor & { input: unknown; ip: string; logger?: Logger }) =>
      submitContactMessage(deps.db, {
        input,
        senderIp: ip,
        userId: user?.userId,
        operatorEmail: deps.contact.operatorEmail,
        limitPerHour: deps.contact.limitPerHour,
        send: deps.mail('contact-message'),
        logger: logger ?? deps.logger,
      }),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
