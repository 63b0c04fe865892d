import { Validator } from '@seriousme/openapi-schema-validator';
import express, { type Router } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { toSessionUser } from '../../../domain/session-user.ts';
import { DEFAULT_QUERY, toSearchParams } from '../../../domain/search/search-params.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { serveForTest } from '../../../tests/support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createApiRouter } from '../../http/api.ts';
import { saveSearch } from '../alerts/saved-searches.ts';
import { createMarketplace } from '../marketplace.ts';
import { mountMarketplaceApi } from '../mount-api.ts';
import { apiPaths, openApiDocument } from './document.ts';

/**
 * The served OpenAPI document against the OpenAPI 3.1 schema and against the routes really
 * mounted on `/api/v1` (the same `mountMarketplaceApi` the server uses: a route mounted around the
 * operation declarations would be missing here), the examples it gives posted to their routes,
 * and the answers checked against the documented response schemas.
 */
let database: TestDatabase;
let api: Router;
let base: string;
let close: () => Promise<void>;
let served: typeof openApiDocument;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
type Method = (typeof METHODS)[number];

beforeAll(async () => {
  database = await createTestDatabase();
  // The offline geocoder places a postcode by its district's listings.
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 1AA' });
  const logger = pino({ level: 'silent' });
  const marketplace = createMarketplace({
    db: database.db,
    logger,
    contact: { operatorEmail: 'team@roost.test', limitPerHour: 10 },
  });
  const app = express();
  // Stands in for the session middleware, which verifies ID tokens by JWKS.
  app.use((req, res, next) => {
    const sub = req.headers['x-test-user'];
    res.locals.sessionUser =
      typeof sub === 'string'
        ? toSessionUser({
            sub,
            email: `${sub}@example.com`,
            'cognito:groups': sub === 'ada-admin' ? ['admins'] : [],
          })
        : null;
    req.log = logger;
    next();
  });
  api = createApiRouter((router) => mountMarketplaceApi(router, marketplace));
  app.use('/api/v1', api);
  const server = await serveForTest(app);
  base = `${server.base}/api/v1`;
  close = server.close;
  served = (await (await fetch(`${base}/openapi.json`)).json()) as typeof openApiDocument;
});
afterAll(async () => {
  await close();
  await database.destroy();
});

/** `METHOD /path/{param}` for every route registered on the API router (Express 5 layers). */
function mountedRoutes(router: Router): string[] {
  const layers = router.stack as { route?: { path: string; methods: Record<string, boolean> } }[];
  return layers.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods)
          .filter((method) => method !== '_all')
          .map((method) => `${method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
      : [],
  );
}

function documentedOperations(paths: Record<string, Partial<Record<Method, unknown>>>): string[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function operationOf(method: Method, path: string): ZodOpenApiOperationObject {
  const operation = apiPaths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return operation;
}

interface Call {
  as?: string;
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
}

/**
 * Calls an operation and checks the answer: its status is one the document lists, and the body
 * is exactly what that response's schema describes (nothing missing, nothing undocumented).
 */
async function call(method: Method, path: string, options: Call = {}) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(options.params?.[name]));
  const response = await fetch(`${base}${url}${options.query ?? ''}`, {
    method: method.toUpperCase(),
    headers: {
      ...(options.as ? { 'x-test-user': options.as } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const label = `${method.toUpperCase()} ${path} → ${response.status}`;
  // The tables hold response objects, never references (those are made in the document).
  const responses = operationOf(method, path).responses as Record<string, ZodOpenApiResponseObject>;
  const documented = responses[String(response.status)];
  expect(documented, `${label} is not a documented status`).toBeDefined();
  const schema = documented?.content?.['application/json']?.schema as z.ZodType | undefined;
  const body: unknown = response.status === 204 ? undefined : await response.json();
  if (schema) expect(schema.parse(body), label).toEqual(body);
  else expect(body, `${label} has an undocumented body`).toBeUndefined();
  return { status: response.status, body: body as Record<string, unknown> };
}

/** The example body the served document gives for an operation. */
function exampleOf(method: Method, path: string): unknown {
  const operation = served.paths[path]?.[method] as
    { requestBody?: { content: Record<string, { example?: unknown }> } } | undefined;
  const example = operation?.requestBody?.content['application/json']?.example;
  expect(example, `${method.toUpperCase()} ${path} gives an example`).toBeDefined();
  return example;
}

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json as OpenAPI 3.1, generated from the zod schemas', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
    expect(served.components?.schemas).toHaveProperty('ListingInput');
  });

  it('is valid against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(structuredClone(served));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The check can fail: an operation whose responses are not an object is refused.
    const broken = JSON.parse(JSON.stringify(served)) as {
      paths: Record<string, Record<string, unknown>>;
    };
    broken.paths['/listings']!.post = { responses: 'none' };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('documents exactly the routes mounted on /api/v1, method by method', () => {
    const mounted = mountedRoutes(api);
    expect(mounted).toContain('POST /listings');
    expect(mounted).toContain('POST /admin/listings/{id}/moderation');
    expect(documentedOperations(served.paths).sort()).toEqual([...new Set(mounted)].sort());
  });

  it('declares every path parameter, and every $ref points at a component', () => {
    for (const [path, item] of Object.entries(served.paths)) {
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const method of METHODS) {
        const operation = item[method] as
          { parameters?: { in: string; name: string; required?: boolean }[] } | undefined;
        if (!operation) continue;
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inTemplate);
        expect(declared.every((p) => p.required)).toBe(true);
      }
    }
    const refs = [...JSON.stringify(served).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
      const components = served.components as Record<string, Record<string, unknown>>;
      expect(components[kind!]?.[name!], ref).toBeDefined();
    }
  });

  it('lists every search parameter the search URL can carry', () => {
    const full = toSearchParams({
      ...DEFAULT_QUERY,
      location: 'Leeds',
      near: { lat: 53.8, lng: -1.55 },
      polygon: [
        { lat: 53.8, lng: -1.6 },
        { lat: 53.9, lng: -1.5 },
        { lat: 53.7, lng: -1.5 },
      ],
      radius: 3,
      minPrice: 1,
      maxPrice: 2,
      minBeds: 1,
      maxBeds: 2,
      minArea: 1,
      maxArea: 2,
      pricePeriod: 'week',
      types: ['flat'],
      features: ['garden'],
      addedWithinDays: 7,
      furnished: 'furnished',
      letType: 'long_term',
      includeAgreed: false,
      keywords: 'garden',
      sort: 'price-asc',
      page: 2,
      view: 'map',
    });
    const operation = served.paths['/search']?.get as { parameters: { name: string }[] };
    const documented = operation.parameters.map((parameter) => parameter.name);
    expect(documented).toEqual(expect.arrayContaining([...new Set(full.keys())]));
  });
});

describe('the documented examples and responses', () => {
  it('are accepted by the routes, which answer as documented', async () => {
    const created = await call('post', '/listings', {
      as: 'alice',
      body: exampleOf('post', '/listings'),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const listing = { params: { id } };

    expect((await call('get', '/listings/{id}', listing)).status).toBe(200);
    for (const [method, path, status] of [
      ['patch', '/listings/{id}', 200],
      ['post', '/listings/{id}/price', 200],
      ['post', '/listings/{id}/status', 200],
    ] as const) {
      const result = await call(method, path, {
        ...listing,
        as: 'alice',
        body: exampleOf(method, path),
      });
      expect(result.status, `${method} ${path}`).toBe(status);
    }

    const enquiry = await call('post', '/listings/{id}/enquiries', {
      ...listing,
      body: exampleOf('post', '/listings/{id}/enquiries'),
    });
    expect(enquiry.status).toBe(201);
    const reply = await call('post', '/listings/{id}/enquiries/{enquiryId}/reply', {
      as: 'alice',
      params: { id, enquiryId: enquiry.body.id as number },
      body: exampleOf('post', '/listings/{id}/enquiries/{enquiryId}/reply'),
    });
    expect(reply.status).toBe(204);
    expect(
      (await call('get', '/listings/{id}/enquiries', { ...listing, as: 'alice' })).status,
    ).toBe(200);

    // The enquiry opened a conversation; Alice (the lister) reads and writes in it.
    expect((await call('get', '/me/threads/unread-count', { as: 'alice' })).body).toEqual({
      unread: 0,
    });
    const threads = await call('get', '/me/threads', { as: 'alice' });
    expect(threads.status).toBe(200);
    const threadId = (threads.body.threads as { id: number }[])[0]!.id;
    const thread = await call('get', '/me/threads/{threadId}', {
      as: 'alice',
      params: { threadId },
    });
    expect(thread.status).toBe(200);
    expect(
      (await call('get', '/me/threads/{threadId}', { as: 'bob', params: { threadId } })).status,
    ).toBe(404);
    const sent = await call('post', '/me/threads/{threadId}/messages', {
      as: 'alice',
      params: { threadId },
      body: exampleOf('post', '/me/threads/{threadId}/messages'),
    });
    expect(sent.status).toBe(201);
    const reported = await call('post', '/me/messages/{messageId}/reports', {
      as: 'alice',
      params: { messageId: sent.body.id as number },
      body: exampleOf('post', '/me/messages/{messageId}/reports'),
    });
    expect(reported.status).toBe(400);

    expect((await call('put', '/favourites/{id}', { ...listing, as: 'bob' })).status).toBe(204);
    const note = await call('put', '/favourites/{id}/note', {
      ...listing,
      as: 'bob',
      body: exampleOf('put', '/favourites/{id}/note'),
    });
    expect(note.status).toBe(200);
    const merged = await call('post', '/favourites/merge', {
      as: 'bob',
      body: exampleOf('post', '/favourites/merge'),
    });
    expect(merged.body.ids).toContain(String(id));

    const report = await call('post', '/listings/{id}/reports', {
      ...listing,
      body: exampleOf('post', '/listings/{id}/reports'),
    });
    expect(report.status).toBe(201);
    expect((await call('get', '/admin/reports', { as: 'ada-admin' })).status).toBe(200);
    const decision = await call('post', '/admin/listings/{id}/moderation', {
      ...listing,
      as: 'ada-admin',
      body: exampleOf('post', '/admin/listings/{id}/moderation'),
    });
    expect(decision.status).toBe(201);
    expect((await call('get', '/admin/moderation-actions', { as: 'ada-admin' })).status).toBe(200);
    expect((await call('get', '/me/listings', { as: 'alice' })).status).toBe(200);

    const contact = await call('post', '/contact-messages', {
      body: exampleOf('post', '/contact-messages'),
    });
    expect(contact.status).toBe(201);

    const draft = await call('post', '/drafts', { as: 'carol' });
    const step = await call('put', '/drafts/{id}/steps/{step}', {
      as: 'carol',
      params: { id: draft.body.id as string, step: 1 },
      body: exampleOf('put', '/drafts/{id}/steps/{step}'),
    });
    expect(step.status).toBe(200);
    expect(step.body.data).toMatchObject({ channel: 'sale', propertyType: 'terraced' });
  });

  it('edit a saved search for its owner only', async () => {
    const saved = await saveSearch(
      database.db,
      { sub: 'dora', email: 'dora@example.com' },
      { name: 'Leeds', channel: 'sale', placeSlug: 'leeds' },
    );
    const params = { id: saved.id };
    const body = exampleOf('patch', '/saved-searches/{id}');
    const edited = await call('patch', '/saved-searches/{id}', { as: 'dora', params, body });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Leeds, 3 beds', params: 'radius=3&minBeds=3' });
    const listed = await call('get', '/saved-searches', { as: 'dora' });
    expect(listed.body.savedSearches).toEqual([edited.body]);
    expect((await call('patch', '/saved-searches/{id}', { as: 'eve', params, body })).status).toBe(
      404,
    );
    const blank = await call('patch', '/saved-searches/{id}', {
      as: 'dora',
      params,
      body: { name: ' ' },
    });
    expect(blank).toMatchObject({ status: 422 });
    expect((await call('get', '/saved-searches')).status).toBe(401);
  });

  it('describe the error body and the search answers', async () => {
    const invalid = await call('post', '/contact-messages', { body: { topic: 'nonsense' } });
    expect(invalid.status).toBe(422);
    expect(await call('get', '/listings/{id}', { params: { id: 999999 } })).toMatchObject({
      status: 404,
    });
    expect(
      (await call('get', '/search', { query: '?channel=sale&location=LS6&limit=2' })).status,
    ).toBe(200);
    expect((await call('get', '/search/map', { query: '?channel=sale&radius=7' })).status).toBe(
      200,
    );
    expect((await call('get', '/places', { query: '?q=sw1a1aa' })).status).toBe(200);
    expect((await call('get', '/listing-cards', { query: '?ids=1,2' })).status).toBe(200);
    expect((await call('get', '/favourites')).status).toBe(401);
  });
});
