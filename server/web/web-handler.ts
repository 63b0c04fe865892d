import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { AppLoadContext, ServerBuild } from 'react-router';
import type {} from '../load-context.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import { createPageCache } from './page-cache.ts';
import { checkPageForms } from './page-form.ts';
import { createPageHandler } from './page-handler.ts';

export type LoadContextFactory = (req: Request, res: Response) => AppLoadContext;

export const BUILD_DIR = path.resolve('build');

/** `/search/for-sale/`, `/search/for-rent/leeds` and the like. */
const SEARCH_PAGES = /^\/search\/for-(sale|rent)(\/[a-z0-9-]+)?\/?$/;

/**
 * Serves the React Router app from its production build: hashed assets with immutable caching,
 * other public files briefly cached, and every page rendered on the server.
 */
export async function createWebHandler(
  getLoadContext: LoadContextFactory,
  {
    pageCacheSeconds,
    changes,
  }: {
    pageCacheSeconds: number;
    /** Drops cached search pages when a listing changes, on any instance. */
    changes?: Pick<ChangeFeed, 'subscribe'>;
  },
): Promise<Router> {
  const serverBuildPath = path.join(BUILD_DIR, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const router = Router();
  // Hashed, immutable files, with the Brotli and gzip copies the build made beside them
  // (`scripts/precompress-assets.ts`): sent as they are, not compressed again per request.
  router.use(
    '/assets',
    expressStaticGzip(path.join(BUILD_DIR, 'client', 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y' },
    }),
  );
  router.use(publicFiles(path.join(BUILD_DIR, 'client')));
  // Search pages are the same for every signed-out visitor: rendered once per few seconds.
  router.use(
    createPageCache({
      seconds: pageCacheSeconds,
      paths: SEARCH_PAGES,
      ...(changes ? { changes } : {}),
    }),
  );
  router.use(checkPageForms());
  router.all('/{*splat}', createPageHandler({ build, getLoadContext, mode: process.env.NODE_ENV }));
  return router;
}

/**
 * The build's other public files (`public/`: the favicon and the like), briefly cached. They are
 * listed once: asking the file system about every page's path first cost a `stat` per page
 * (docs/performance.md), and the build does not change while the server runs.
 */
function publicFiles(clientDir: string): RequestHandler {
  const serve = express.static(clientDir, { maxAge: '1h', index: false });
  const files = new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name));
        return `/${relative.split(path.sep).join('/')}`;
      })
      .filter((file) => !file.startsWith('/assets/')),
  );
  return (req, res, next) => {
    if (files.has(decodePath(req.path))) serve(req, res, next);
    else next();
  };
}

function decodePath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/** Development: Vite compiles on request and hot-reloads; the same routes and load context. */
export async function createDevWebHandler(getLoadContext: LoadContextFactory): Promise<Router> {
  const vite = await import('vite');
  const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const router = Router();
  router.use(server.middlewares);
  router.use(checkPageForms());
  router.all(
    '/{*splat}',
    createPageHandler({
      build: () =>
        server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      getLoadContext,
      mode: 'development',
    }),
  );
  return router;
}
