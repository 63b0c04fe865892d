import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from './mail-config.ts';

/** One message to a person: an e-mail (plain text and HTML) or an SMS. */
export type Message =
  | {
      channel: 'email';
      to: string;
      subject: string;
      text: string;
      html: string;
      tag: string;
      replyTo?: string;
      /** Extra headers, e.g. List-Unsubscribe on alerts. */
      headers?: Record<string, string>;
      /** Files sent with it, e.g. a viewing's calendar entry (`.ics`). */
      attachments?: MailAttachment[];
    }
  | { channel: 'sms'; to: string; text: string; tag: string };

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(message: Message): Promise<void>;
  close(): void;
}

/**
 * The one delivery module: SMTP when SMTP_URL is set, the SMS provider when configured, and
 * otherwise the outbox (`DATA_DIR/outbox`): an RFC 822 `.eml` per e-mail, a `.json` per SMS.
 */
export function createMailer(config: MailConfig, logger: Logger): Mailer {
  const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  async function writeOutbox(extension: 'eml' | 'json', body: Buffer | string) {
    await fs.mkdir(config.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.${extension}`;
    await fs.writeFile(path.join(config.outboxDir, name), body, { mode: 0o600 });
    return name;
  }

  return {
    async send(message) {
      if (message.channel === 'email') {
        const mail = {
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.attachments ? { attachments: message.attachments } : {}),
          headers: { ...message.headers, 'X-Roost-Tag': message.tag },
        };
        if (smtp) {
          await smtp.sendMail(mail);
          logger.info({ tag: message.tag }, 'mail: e-mail sent by SMTP');
          return;
        }
        const built = await builder.sendMail(mail);
        const file = await writeOutbox('eml', built.message as Buffer);
        logger.info(
          { tag: message.tag, file },
          outboxNotice(`e-mail to ${message.to}: "${message.subject}"`, message.text),
        );
        return;
      }
      if (config.sms) {
        await sendTwilio(config.sms, message.to, message.text);
        logger.info({ tag: message.tag }, 'mail: SMS sent');
        return;
      }
      const file = await writeOutbox(
        'json',
        JSON.stringify(
          {
            channel: 'sms',
            to: message.to,
            text: message.text,
            tag: message.tag,
            date: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      logger.info({ tag: message.tag, file }, outboxNotice(`SMS to ${message.to}`, message.text));
    },
    close() {
      smtp?.close();
    },
  };
}

/**
 * The server-log line for a message kept in the outbox, so a newcomer running `npm start`
 * without SMTP can sign up from the terminal: recipient, subject and any one-time code.
 */
export function outboxNotice(what: string, text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  return `mail: not sent (no SMTP_URL), kept in the outbox — ${what}${code ? `, code ${code}` : ''}`;
}

/** Twilio's Messages API: the SMS provider adapter. */
async function sendTwilio(
  sms: NonNullable<MailConfig['sms']>,
  to: string,
  body: string,
): Promise<void> {
  const response = await fetch(
    `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: sms.from, Body: body }),
    },
  );
  if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
}
