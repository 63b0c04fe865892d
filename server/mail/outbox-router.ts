import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type Router } from 'express';
import { cspNonceOf } from '../http/content-security-policy.ts';
import { simpleParser } from './parse-eml.ts';

export interface OutboxEntry {
  file: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  date: string;
}

const filePattern = /^[\w-]+\.(eml|json)$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Newest first. */
export async function listOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch {
    return [];
  }
  const files = names
    .filter((name) => filePattern.test(name))
    .sort()
    .reverse()
    .slice(0, 200);
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(outboxDir, file), 'utf8');
      if (file.endsWith('.json')) {
        const sms = JSON.parse(raw) as { to: string; text: string; date: string };
        return {
          file,
          channel: 'sms' as const,
          to: sms.to,
          subject: sms.text.slice(0, 80),
          date: sms.date,
        };
      }
      const mail = simpleParser(raw);
      return {
        file,
        channel: 'email' as const,
        to: mail.headers.to ?? '',
        subject: mail.headers.subject ?? '',
        date: mail.headers.date ?? '',
      };
    }),
  );
}

/**
 * `/dev/outbox`: the messages Roost would have sent, for development and tests. Never mounted in
 * production.
 */
export function createOutboxRouter(outboxDir: string): Router {
  const router = express.Router();
  // The inline style carries the response's CSP nonce, as every inline style must.
  const page = (res: express.Response, title: string, body: string) =>
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)} – Roost outbox</title>
<meta name="robots" content="noindex"><style nonce="${escapeHtml(cspNonceOf(res) ?? '')}">body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td,th{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style></head><body>${body}</body></html>`;

  router.get('/dev/outbox.json', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ messages: await listOutbox(outboxDir) });
  });
  router.get('/dev/outbox', async (_req, res) => {
    const entries = await listOutbox(outboxDir);
    const rows = entries
      .map(
        (entry) =>
          `<tr><td>${escapeHtml(entry.date)}</td><td>${entry.channel === 'email' ? 'E-mail' : 'SMS'}</td><td>${escapeHtml(entry.to)}</td><td><a href="/dev/outbox/${encodeURIComponent(entry.file)}">${escapeHtml(entry.subject || '(no subject)')}</a></td></tr>`,
      )
      .join('');
    res
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        page(
          res,
          'Outbox',
          `<h1>Outbox</h1><p>Messages Roost would have sent. Configure SMTP_URL to send real e-mail.</p>${
            entries.length
              ? `<table><thead><tr><th>Sent</th><th>Kind</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
              : '<p>The outbox is empty.</p>'
          }`,
        ),
      );
  });
  router.get('/dev/outbox/:file', async (req, res) => {
    const file = req.params.file;
    if (!filePattern.test(file)) {
      res.status(404).type('text/plain').send('No such message.');
      return;
    }
    let raw: string;
    try {
      raw = await fs.readFile(path.join(outboxDir, file), 'utf8');
    } catch {
      res.status(404).type('text/plain').send('No such message.');
      return;
    }
    if (req.query.raw !== undefined) {
      res
        .set('Cache-Control', 'no-store')
        .type(file.endsWith('.eml') ? 'message/rfc822' : 'application/json')
        .send(raw);
      return;
    }
    if (file.endsWith('.json')) {
      const sms = JSON.parse(raw) as { to: string; text: string };
      res
        .type('html')
        .send(
          page(
            res,
            'SMS',
            `<p><a href="/dev/outbox">Outbox</a></p><h1>SMS to ${escapeHtml(sms.to)}</h1><pre>${escapeHtml(sms.text)}</pre>`,
          ),
        );
      return;
    }
    const mail = simpleParser(raw);
    res
      .type('html')
      .send(
        page(
          res,
          mail.headers.subject ?? 'E-mail',
          `<p><a href="/dev/outbox">Outbox</a> · <a href="/dev/outbox/${encodeURIComponent(file)}?raw">Raw .eml</a></p><h1>${escapeHtml(mail.headers.subject ?? '')}</h1><p>To ${escapeHtml(mail.headers.to ?? '')}, from ${escapeHtml(mail.headers.from ?? '')}</p><pre>${escapeHtml(mail.text)}</pre>`,
        ),
      );
  });
  return router;
}
