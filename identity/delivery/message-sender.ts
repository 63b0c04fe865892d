/**
 * What identity needs from the outside world to reach people. The server injects an
 * implementation (SMTP, an SMS provider, or the development outbox); identity never knows which.
 */
export type OutgoingMessage =
  | { channel: 'email'; to: string; subject: string; text: string; html: string; tag: string }
  | { channel: 'sms'; to: string; text: string; tag: string };

export type MessageSender = (message: OutgoingMessage) => Promise<void>;
