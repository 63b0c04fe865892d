import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest, type ServedForTest } from '../../tests/support/serve.ts';
import { sendResponse } from './page-handler.ts';

const encoder = new TextEncoder();
let served: ServedForTest;
/** Resolved by the test when the client has the first part of the streamed page. */
let clientHasShell: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.get('/whole', (_req, res, next) => {
    // As React writes a page with nothing left to stream: several chunks, then the end at once.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('<!doctype html><p>one</p>'));
        controller.enqueue(encoder.encode('<p>two</p>'));
        controller.close();
      },
    });
    sendResponse(res, new Response(body, { headers: { 'content-type': 'text/html' } })).catch(next);
  });
  app.get('/streamed', (_req, res, next) => {
    // A Suspense boundary still waiting: its content comes only after the shell has arrived.
    const shellArrived = new Promise<void>((resolve) => (clientHasShell = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('<!doctype html><p>shell</p>'));
        await shellArrived;
        controller.enqueue(encoder.encode('<p>streamed</p>'));
        controller.close();
      },
    });
    sendResponse(res, new Response(body, { headers: { 'content-type': 'text/html' } })).catch(next);
  });
  served = await serveForTest(app);
});

afterAll(() => served.close());

describe('sendResponse', () => {
  it('sends a page that is complete at once in one piece, with its length', async () => {
    const response = await new Promise<http.IncomingMessage & { text: string }>((resolve) => {
      http.get(`${served.base}/whole`, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(Object.assign(res, { text })));
      });
    });
    expect(response.text).toBe('<!doctype html><p>one</p><p>two</p>');
    expect(response.headers['content-length']).toBe(String(response.text.length));
    expect(response.headers['transfer-encoding']).toBeUndefined();
  });

  it('streams the shell before the rest of a page is ready', async () => {
    const parts: string[] = [];
    const response = await new Promise<http.IncomingMessage>((resolve) => {
      http.get(`${served.base}/streamed`, (res) => {
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk.toString());
          // Only once the shell is here does the page produce the rest: held back, it never ends.
          if (parts.length === 1) clientHasShell();
        });
        res.on('end', () => resolve(res));
      });
    });
    expect(parts[0]).toBe('<!doctype html><p>shell</p>');
    expect(parts.join('')).toBe('<!doctype html><p>shell</p><p>streamed</p>');
    expect(response.headers['transfer-encoding']).toBe('chunked');
  });
});
