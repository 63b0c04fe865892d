// The floor for `npm run bench:pages`: the same pages rendered by the app's own React Router
// handler and `entry.server` (React's `renderToPipeableStream`) with the same loader data, but
// no HTTP and no database: each route's loader answers with what it returned when the page was
// last served over HTTP, with that request's load context.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { BUILD_DIR } from '../../server/web/web-handler.ts';
import { cpuMsSince } from './ratio-table.ts';

type Loader = (args: { request: Request; context: AppLoadContext }) => unknown;
type Recorded = { value: unknown } | { thrown: unknown };

const keyOf = (request: Request) => `${request.url} ${request.headers.get('cookie') ?? ''}`;

/**
 * Wraps every route's loader in the server's build (the same module the running server imported:
 * React Router reads `route.module.loader` on each call), so loader results and load contexts
 * can be recorded while pages are served over HTTP, then replayed without a database.
 */
export async function renderFloor() {
  const build = (await import(
    pathToFileURL(path.join(BUILD_DIR, 'server', 'index.js')).href
  )) as ServerBuild;
  let mode: 'off' | 'record' | 'replay' = 'off';
  const results = new Map<string, Recorded>();
  const contexts = new Map<string, AppLoadContext>();
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader as Loader | undefined;
    if (!route || !loader) continue;
    const wrapped: Loader = async (args) => {
      if (mode === 'off') return loader(args);
      const key = `${id} ${keyOf(args.request)}`;
      if (mode === 'replay') {
        const recorded = results.get(key);
        if (!recorded) throw new Error(`No recorded loader data for ${key}`);
        if ('thrown' in recorded) throw recorded.thrown;
        return recorded.value;
      }
      contexts.set(keyOf(args.request), args.context);
      try {
        const value = await loader(args);
        results.set(key, { value });
        return value;
      } catch (thrown) {
        results.set(key, { thrown });
        throw thrown;
      }
    };
    route.module = { ...route.module, loader: wrapped } as typeof route.module;
  }
  const handle = createRequestHandler(build, 'production');
  const render = async (url: string, cookie?: string) => {
    const request = new Request(url, { headers: cookie ? { cookie } : {} });
    const context = contexts.get(keyOf(request));
    if (!context) throw new Error(`No recorded load context for ${url}`);
    const response = await handle(request, context);
    await response.arrayBuffer();
  };
  return {
    /** Serves each page once over HTTP while its loaders' results are recorded. */
    async record(base: string, paths: string[], cookie?: string) {
      mode = 'record';
      try {
        for (const page of paths) await fetchAgainIfReset(`${base}${page}`, cookie);
      } finally {
        mode = 'off';
      }
    },
    /** CPU milliseconds a page, rendering every path `rounds` times from the recorded data. */
    async cpuMsPerPage(base: string, paths: string[], cookie?: string, rounds = 3) {
      mode = 'replay';
      try {
        for (const page of paths) await render(`${base}${page}`, cookie); // warm up
        const before = process.cpuUsage();
        for (let round = 0; round < rounds; round += 1) {
          for (const page of paths) await render(`${base}${page}`, cookie);
        }
        return cpuMsSince(before) / (rounds * paths.length);
      } finally {
        mode = 'off';
      }
    },
  };
}

/**
 * One page over HTTP, sent again when the connection was reset: on a loaded machine the server can
 * close an idle keep-alive socket just as the client reuses it.
 */
async function fetchAgainIfReset(url: string, cookie?: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, { headers: cookie ? { cookie } : {} });
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
