import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../logger.ts';
import {
  submitContactMessage,
  type SendOperatorEmail,
  type SubmittedContactMessage,
} from './submit-contact-message.ts';

export interface ContactService {
  submit(
    input: unknown,
    sender: { ip: string; userId?: string | undefined; logger?: Logger },
  ): Promise<SubmittedContactMessage>;
}

export function createContactService(options: {
  db: Database;
  operatorEmail: string;
  limitPerHour: number;
  /** Looked up on each message, so delivery can be wired after start-up. */
  send: () => SendOperatorEmail | undefined;
  logger: Logger;
}): ContactService {
  return {
    submit: (input, sender) =>
      submitContactMessage(options.db, {
        input,
        senderIp: sender.ip,
        userId: sender.userId,
        operatorEmail: options.operatorEmail,
        limitPerHour: options.limitPerHour,
        send: options.send(),
        logger: sender.logger ?? options.logger,
      }),
  };
}
