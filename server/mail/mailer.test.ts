import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseMailConfig } from './mail-config.ts';
import { createMailer } from './mailer.ts';
import { createOutboxRouter, listOutbox } from './outbox-router.ts';
import { simpleParser } from './parse-eml.ts';

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setup(env: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-mail-'));
  dirs.push(dataDir);
  const config = parseMailConfig(env, { dataDir, isProduction: false });
  return { config, mailer: createMailer(config, pino({ level: 'silent' })) };
}

describe('mail delivery without SMTP', () => {
  it('prints the recipient, subject and code of each kept message in the server log', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-mail-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer(parseMailConfig({}, { dataDir, isProduction: true }), logger);
    await mailer.send({
      channel: 'email',
      to: 'newcomer@roost.test',
      subject: 'Your Roost verification code',
      text: 'Your code is:\n\n482913\n\nThe code is valid for 24 hours.',
      html: '<p>482913</p>',
      tag: 'sign-up',
    });
    await mailer.send({
      channel: 'sms',
      to: '+447700900123',
      text: 'Roost code 731204',
      tag: 'mfa',
    });
    const messages = lines.map((line) => JSON.parse(line).msg as string);
    expect(messages[0]).toContain('newcomer@roost.test');
    expect(messages[0]).toContain('"Your Roost verification code"');
    expect(messages[0]).toContain('code 482913');
    expect(messages[1]).toContain('+447700900123');
    expect(messages[1]).toContain('code 731204');
  });

  it('writes each e-mail as an RFC 822 .eml with text and HTML parts', async () => {
    const { config, mailer } = setup();
    await mailer.send({
      channel: 'email',
      to: 'amelia@roost.test',
      subject: 'Your Roost verification code — £0 fees',
      text: 'Hello,\n\nYour code is 123456.\n',
      html: '<p>Your code is <b>123456</b>.</p>',
      tag: 'test',
    });
    const files = fs.readdirSync(config.outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(config.outboxDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    const parsed = simpleParser(raw);
    expect(parsed.headers.to).toBe('amelia@roost.test');
    expect(parsed.headers.subject).toBe('Your Roost verification code — £0 fees');
    expect(parsed.text).toContain('Your code is 123456.');
  });

  it('attaches files, e.g. a calendar entry, beside the text and HTML', async () => {
    const { config, mailer } = setup();
    await mailer.send({
      channel: 'email',
      to: 'viewer@roost.test',
      subject: 'Viewing booked',
      text: 'See you then.',
      html: '<p>See you then.</p>',
      tag: 'viewing',
      attachments: [
        {
          filename: 'viewing.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    });
    const [file] = fs.readdirSync(config.outboxDir);
    const raw = fs.readFileSync(path.join(config.outboxDir, file!), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=viewing\.ics/m);
    expect(simpleParser(raw).text).toBe('See you then.');
  });

  it('writes an SMS as JSON and lists the outbox newest first', async () => {
    const { config, mailer } = setup();
    // Files are named by the time they were written: the SMS is written a second later.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    await mailer.send({
      channel: 'email',
      to: 'a@roost.test',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
      tag: 't',
    });
    vi.setSystemTime(new Date('2026-03-02T10:00:01Z'));
    await mailer.send({
      channel: 'sms',
      to: '+447700900123',
      text: 'Roost: your code is 654321',
      tag: 't',
    });
    const entries = await listOutbox(config.outboxDir);
    expect(entries.map((entry) => entry.channel)).toEqual(['sms', 'email']);
    expect(entries[0]).toMatchObject({ to: '+447700900123' });
    expect(entries[1]).toMatchObject({ to: 'a@roost.test', subject: 'First' });
  });

  it('serves the outbox page and one message, and refuses path tricks', async () => {
    const { config, mailer } = setup();
    await mailer.send({
      channel: 'email',
      to: 'b@roost.test',
      subject: 'Hello <there>',
      text: 'Body 777777',
      html: '<p>x</p>',
      tag: 't',
    });
    const app = express()
      .use((_req, res, next) => {
        res.locals.cspNonce = 'test-nonce';
        next();
      })
      .use(createOutboxRouter(config.outboxDir));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const list = await (await fetch(`${base}/dev/outbox`)).text();
      expect(list).toContain('Hello &#60;there&#62;');
      // The page's inline style carries the nonce the strict CSP asks for.
      expect(list).toContain('<style nonce="test-nonce">');
      const [entry] = (await (await fetch(`${base}/dev/outbox.json`)).json()).messages;
      const one = await (await fetch(`${base}/dev/outbox/${entry.file}`)).text();
      expect(one).toContain('Body 777777');
      expect((await fetch(`${base}/dev/outbox/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('rejects an SMS provider without its credentials', () => {
    expect(() =>
      parseMailConfig({ SMS_PROVIDER: 'twilio' }, { dataDir: '/tmp', isProduction: true }),
    ).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(parseMailConfig({}, { dataDir: '/tmp', isProduction: true }).isOutboxPageEnabled).toBe(
      false,
    );
  });
});
