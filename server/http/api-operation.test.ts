import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveForTest } from '../../tests/support/serve.ts';
import { createApiRouter } from './api.ts';
import { mountOperations, operationsOf } from './api-operation.ts';

interface Deps {
  greeting: string;
  seen: string[];
}
const operation = operationsOf<Deps>();
const itemPath = z.object({
  id: z.coerce.number({ error: 'No such item.' }).int({ error: 'No such item.' }),
});

const operations = [
  operation({
    method: 'get',
    path: '/items/first',
    operationId: 'firstItem',
    summary: 'A literal path, mounted before the parameter',
    responses: { 200: { description: 'The first' } },
    handle: ({ res }) => {
      res.json({ first: true });
    },
  }),
  operation({
    method: 'put',
    path: '/items/{id}',
    operationId: 'putItem',
    summary: 'An item',
    pathParams: itemPath,
    query: z.object({ note: z.string().optional() }),
    responses: { 200: { description: 'The item' } },
    before:
      ({ seen }) =>
      (_req, _res, next) => {
        seen.push('before');
        next();
      },
    handle: ({ res, deps, path }) => {
      deps.seen.push('handle');
      res.json({ id: path.id, doubled: path.id * 2, greeting: deps.greeting });
    },
  }),
];

const deps: Deps = { greeting: 'Hello', seen: [] };
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(createApiRouter((api) => mountOperations(api, operations, deps)));
  const served = await serveForTest(app);
  base = served.base;
  close = served.close;
});
afterAll(() => close());

describe('an API operation', () => {
  it('is described for OpenAPI without its handler, its path schemas as requestParams', () => {
    const [, put] = operations;
    expect(put!.method).toBe('put');
    expect(put!.path).toBe('/items/{id}');
    expect(put!.openapi).toEqual({
      operationId: 'putItem',
      summary: 'An item',
      requestParams: { path: itemPath, query: expect.any(z.ZodObject) },
      responses: { 200: { description: 'The item' } },
    });
    expect(operations[0]!.openapi).not.toHaveProperty('requestParams');
  });

  it('is mounted at its path, in order, its handler given the parsed path and the services', async () => {
    expect(await (await fetch(`${base}/items/first`)).json()).toEqual({ first: true });
    const response = await fetch(`${base}/items/21`, { method: 'PUT' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 21, doubled: 42, greeting: 'Hello' });
    expect(deps.seen).toEqual(['before', 'handle']);
  });

  it('answers 404 with the schema message when the path does not parse, without running the handler', async () => {
    deps.seen.length = 0;
    const response = await fetch(`${base}/items/1.5`, { method: 'PUT' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such item.' },
    });
    expect(deps.seen).toEqual(['before']);
  });
});
