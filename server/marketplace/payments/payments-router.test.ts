import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest, type ServedForTest } from '../../../tests/support/serve.ts';
import { AppError } from '../../http/app-error.ts';
import { APPLE_PAY_PATH, createPaymentsRouter, WEBHOOK_PATH } from './payments-router.ts';

/** The routes that run before the JSON API: raw-body webhook and the Apple Pay file. */
let served: ServedForTest;
const received: { rawBody: Buffer; signature: string | undefined }[] = [];
let answer: () => Promise<{ eventId: string; isDuplicate: boolean; outcome: string }>;

beforeAll(async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roost-applepay-')), 'association');
  fs.writeFileSync(file, 'apple-association-contents');
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.use(
    createPaymentsRouter(
      {
        handleWebhook: async (options) => {
          received.push(options);
          return answer();
        },
      },
      { applePayDomainFile: file },
    ),
  );
  served = await serveForTest(app);
});
afterAll(async () => {
  await served?.close();
});

const post = (body: string) =>
  fetch(`${served.base}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    body,
  });

describe('the payments router', () => {
  it('hands the webhook the exact bytes and the signature header', async () => {
    answer = async () => ({ eventId: 'evt_1', isDuplicate: false, outcome: 'paid' });
    const body = '{ "id": "evt_1",\n  "spacing": "kept" }';
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(received.at(-1)!.rawBody.toString('utf8')).toBe(body);
    expect(received.at(-1)!.signature).toBe('t=1,v1=abc');
  });

  it('answers 400 for a bad signature and 500 for anything unexpected, so Stripe retries', async () => {
    answer = async () => {
      throw new AppError('BAD_REQUEST', 'The webhook signature is not valid.');
    };
    expect((await post('{}')).status).toBe(400);
    answer = async () => {
      throw new Error('database down');
    };
    const response = await post('{}');
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'INTERNAL' } });
  });

  it('serves the Apple Pay domain-association file when configured', async () => {
    const response = await fetch(`${served.base}${APPLE_PAY_PATH}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('apple-association-contents');
  });
});
