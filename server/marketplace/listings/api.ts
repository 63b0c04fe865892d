import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { AppError } from '../../http/app-error.ts';
import { formatMegabytes } from '../../media/process-image.ts';
import type { Marketplace } from '../marketplace.ts';
import { OPENAPI_PATH, openApiDocument } from '../openapi/document.ts';
import { draftStepBody, favouritesMergeBody } from './api-bodies.ts';
import { nationOfPostcode } from './let-context.ts';
import type { ListingsService } from './listings-service.ts';

type Params = Record<string, string>;

function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', 'No such listing.');
  return id;
}

/**
 * Uploads are raw bytes with an image or octet-stream type: browsers cannot send those across
 * sites without a CORS preflight, so a signed-in visitor's cookie cannot be abused by a form on
 * another site (and no multipart parser is needed).
 */
function rawUpload(maxBytes: number) {
  const parse = express.raw({ type: () => true, limit: maxBytes });
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `This file is too large; photos can be at most ${formatMegabytes(maxBytes)}.`,
    );
  return (req: Request, res: Response, next: NextFunction) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/octet-stream' && !type.startsWith('image/')) {
      next(
        new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the photo as the request body (Content-Type image/* or application/octet-stream).',
        ),
      );
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      // Refused before reading: nothing is stored, and the connection is not held open.
      res.setHeader('Connection', 'close');
      next(tooLarge());
      return;
    }
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') next(tooLarge());
      else next(error);
    });
  };
}

/** A draft as the API answers with it (described by `draftView` in the OpenAPI document). */
export function draftView(draft: Awaited<ReturnType<ListingsService['getDraft']>>) {
  return {
    id: draft.id,
    listingId: draft.listingId,
    step: draft.step,
    data: draft.data,
    media: draft.media,
    isOwned: draft.ownerSub !== null,
    nation: nationOfPostcode(draft.data.postcode) ?? null,
    updatedAt: draft.updatedAt.toISOString(),
  };
}

/** `/api/v1` listings, drafts, media, enquiries, reports and favourites (see ../openapi/). */
export function mountListingsApi(
  api: Router,
  {
    listings,
    media,
    enquiries,
    reports,
    appeals,
    favourites,
  }: Pick<Marketplace, 'listings' | 'media' | 'enquiries' | 'reports' | 'appeals' | 'favourites'>,
): void {
  const user = (res: Response) => sessionUserOf(res);
  const signedIn = (res: Response) => requireApiUser(sessionUserOf(res));
  /** The signed-in lister's change to their listing `:id`, with the request body as input. */
  const change = (req: Request<Params>, res: Response) => ({
    user: signedIn(res),
    listingId: idParam(req.params.id),
    input: req.body as unknown,
  });
  /** Anyone writing about listing `:id` (an enquiry, a report), rate limited by address. */
  const fromVisitor = (req: Request<Params>, res: Response) => ({
    user: user(res),
    listingId: idParam(req.params.id),
    ip: req.ip ?? 'unknown',
  });

  api.get(OPENAPI_PATH, (_req, res) => {
    res.json(openApiDocument);
  });

  // Drafts: the add-listing wizard's server-side state.
  api.post('/drafts', async (req, res) => {
    res
      .status(201)
      .json(
        draftView(await listings.startDraft({ user: user(res), clientIp: req.ip ?? 'unknown' })),
      );
  });
  api.get('/drafts/:id', async (req: Request<Params>, res) => {
    res.json(draftView(await listings.getDraft({ user: user(res), draftId: req.params.id! })));
  });
  api.put('/drafts/:id/steps/:step', async (req: Request<Params>, res) => {
    const body = draftStepBody.safeParse(req.body ?? {});
    if (!body.success) throw new AppError('BAD_REQUEST', 'Send { fields, nextStep }.');
    const draft = await listings.saveDraftStep({
      user: user(res),
      draftId: req.params.id!,
      step: Number(req.params.step),
      fields: body.data.fields,
      nextStep: body.data.nextStep,
    });
    res.json(draftView(draft));
  });
  api.post(
    '/drafts/:id/media',
    rawUpload(media.limits.maxBytes),
    async (req: Request<Params>, res) => {
      const kind = req.query.kind === 'floorplan' ? 'floorplan' : 'photo';
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new AppError('BAD_REQUEST', 'The upload was empty.');
      }
      const item = await media.add({
        user: user(res),
        draftId: req.params.id!,
        kind,
        bytes: req.body,
        ip: req.ip ?? 'unknown',
      });
      res.status(201).json(item);
    },
  );
  api.put('/drafts/:id/media', async (req: Request<Params>, res) => {
    res.json({
      media: await media.arrange({ user: user(res), draftId: req.params.id!, input: req.body }),
    });
  });
  api.post('/drafts/:id/publish', async (req: Request<Params>, res) => {
    const result = await listings.publishDraft({ user: user(res), draftId: req.params.id! });
    const listing = await listings.get({ listingId: result.id });
    res
      .status(result.isNew ? 201 : 200)
      .json({ id: result.id, isHeldForReview: result.isHeldForReview, listing });
  });

  // Listings.
  api.get('/me/listings', async (_req, res) => {
    res.json({ listings: await listings.findOwn({ user: signedIn(res) }) });
  });
  api.post('/listings', async (req, res) => {
    const { id, isHeldForReview } = await listings.create({ user: signedIn(res), input: req.body });
    res.status(201).json({ id, isHeldForReview, listing: await listings.get({ listingId: id }) });
  });
  api.get('/listings/:id', async (req: Request<Params>, res) => {
    // The property page's rule: paused (by the lister or moderators) and drafts are 404, removed
    // or deleted 410. Listers see their own hidden listings through /me/listings.
    const found = await listings.lookUp({ listingId: idParam(req.params.id) });
    if (!found || found.visibility === 'hidden')
      throw new AppError('NOT_FOUND', 'No such listing.');
    if (found.visibility === 'gone') throw new AppError('GONE', 'This listing has been removed.');
    res.json({ listing: found.listing });
  });
  api.patch('/listings/:id', async (req: Request<Params>, res) => {
    const { id, isHeldForReview } = await listings.update({
      user: signedIn(res),
      listingId: idParam(req.params.id),
      input: req.body,
    });
    res.json({ id, isHeldForReview, listing: await listings.get({ listingId: id }) });
  });
  api.delete('/listings/:id', async (req: Request<Params>, res) => {
    await listings.remove({ user: signedIn(res), listingId: idParam(req.params.id) });
    res.status(204).end();
  });
  api.post('/listings/:id/restore', async (req: Request<Params>, res) => {
    await listings.restore({ user: signedIn(res), listingId: idParam(req.params.id) });
    res.status(204).end();
  });
  api.post('/listings/:id/status', async (req: Request<Params>, res) => {
    res.json(await listings.changeStatus(change(req, res)));
  });
  api.post('/listings/:id/price', async (req: Request<Params>, res) => {
    res.json(await listings.changePrice(change(req, res)));
  });
  api.post('/listings/:id/drafts', async (req: Request<Params>, res) => {
    const draft = await listings.startEdit({
      user: signedIn(res),
      listingId: idParam(req.params.id),
    });
    res.status(201).json(draftView(draft));
  });

  // Enquiries and reports.
  api.post('/listings/:id/enquiries', async (req: Request<Params>, res) => {
    res.status(201).json(await enquiries.submit({ ...fromVisitor(req, res), input: req.body }));
  });
  api.get('/listings/:id/enquiries', async (req: Request<Params>, res) => {
    res.json({
      enquiries: await enquiries.list({ user: signedIn(res), listingId: idParam(req.params.id) }),
    });
  });
  api.post('/listings/:id/enquiries/:enquiryId/reply', async (req: Request<Params>, res) => {
    await enquiries.answer({
      ...change(req, res),
      enquiryId: idParam(req.params.enquiryId),
    });
    res.status(204).end();
  });
  api.post('/listings/:id/reports', async (req: Request<Params>, res) => {
    res.status(201).json(await reports.submit({ ...fromVisitor(req, res), input: req.body }));
  });
  api.post('/listings/:id/appeals', async (req: Request<Params>, res) => {
    res.status(201).json(await appeals.submit(change(req, res)));
  });

  // Favourites, merged with the browser's list.
  api.get('/favourites', async (_req, res) => {
    res.json({ ids: await favourites.merge({ user: signedIn(res), ids: [] }) });
  });
  api.post('/favourites/merge', async (req, res) => {
    const ids = favouritesMergeBody.safeParse(req.body);
    if (!ids.success) throw new AppError('VALIDATION_FAILED', 'Send { ids: [...] }.');
    res.json({ ids: await favourites.merge({ user: signedIn(res), ids: ids.data.ids }) });
  });
  api.put('/favourites/:id', async (req: Request<Params>, res) => {
    await favourites.add({ user: signedIn(res), listingId: idParam(req.params.id) });
    res.status(204).end();
  });
  api.put('/favourites/:id/note', async (req: Request<Params>, res) => {
    const note = await favourites.setNote({
      user: signedIn(res),
      listingId: idParam(req.params.id),
      note: (req.body as { note?: unknown } | undefined)?.note,
    });
    res.json({ note });
  });
  api.delete('/favourites/:id', async (req: Request<Params>, res) => {
    await favourites.remove({ user: signedIn(res), listingId: idParam(req.params.id) });
    res.status(204).end();
  });
}
