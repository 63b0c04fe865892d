import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from './e2e-env';
import { simpleParser } from '../../../server/mail/parse-eml';

/** The main Playwright server's data directory (see playwright.config.ts). */
export const E2E_DATA_DIR = E2E.app.dataDir;

/** Which server's outbox to read: the main one unless a test names another data directory. */
export interface OutboxOptions {
  dataDir?: string;
}

const outboxOf = (dataDir = E2E_DATA_DIR) => path.join(dataDir, 'outbox');

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function readOutbox({ dataDir }: OutboxOptions = {}): OutboxMail[] {
  const outbox = outboxOf(dataDir);
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const header = (name: string) =>
        new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
          .exec(head)?.[1]
          ?.replace(/\r?\n[ \t]/g, ' ') ?? '';
      return {
        file,
        to: header('To'),
        // RFC 2047 encoded words (e.g. typographic quotes) decoded, as a mail client shows them.
        subject: simpleParser(raw).headers.subject ?? header('Subject'),
        body: decodeQuotedPrintable(rest.join('\n\n')),
      };
    });
}

/**
 * Waits for a new e-mail to `to` (sent after `after` files existed; its subject and body matching
 * when given) and returns it. Specs run side by side: match on what only this test's mail has.
 */
export async function waitForMail(
  to: string,
  options: { after?: number; subject?: RegExp; body?: RegExp } & OutboxOptions = {},
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox(options)
          .slice(options.after ?? 0)
          .reverse()
          .find(
            (mail) =>
              mail.to.toLowerCase().includes(to.toLowerCase()) &&
              (!options.subject || options.subject.test(mail.subject)) &&
              (!options.body || options.body.test(mail.body)),
          );
        return Boolean(found);
      },
      { message: `an e-mail to ${to} in the outbox` },
    )
    .toBe(true);
  return found!;
}

export async function waitForCode(
  to: string,
  options: { after?: number; subject?: RegExp } & OutboxOptions = {},
): Promise<string> {
  const mail = await waitForMail(to, options);
  const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
  expect(code, `a six-digit code in ${mail.file}`).toBeTruthy();
  return code!;
}

export function outboxCount(options: OutboxOptions = {}): number {
  return readOutbox(options).length;
}

export interface OutboxSms {
  file: string;
  to: string;
  text: string;
}

/** Text messages the server would have sent, oldest first (`.json` files in the outbox). */
export function readSmsOutbox({ dataDir }: OutboxOptions = {}): OutboxSms[] {
  const outbox = outboxOf(dataDir);
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const sms = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as {
        to: string;
        text: string;
      };
      return { file, to: sms.to, text: sms.text };
    });
}

export function smsCount(): number {
  return readSmsOutbox().length;
}

/** Waits for a new text message to `to` (sent after `after` existed) and returns its code. */
export async function waitForSmsCode(
  to: string,
  options: { after?: number } = {},
): Promise<string> {
  let found: OutboxSms | undefined;
  await expect
    .poll(
      () => {
        found = readSmsOutbox()
          .slice(options.after ?? 0)
          .reverse()
          .find((sms) => sms.to === to);
        return Boolean(found);
      },
      { message: `a text message to ${to} in the outbox` },
    )
    .toBe(true);
  const code = /\b(\d{6})\b/.exec(found!.text)?.[1];
  expect(code, `a six-digit code in ${found!.file}`).toBeTruthy();
  return code!;
}
