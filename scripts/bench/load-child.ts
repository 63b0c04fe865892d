// The load generator for `scripts/bench-pages.ts` and `bench-images.ts`, in a process of its own so that the server's
// CPU time (`process.cpuUsage()` in the parent) counts the server's work only, not autocannon's,
// and a `--cpu-prof` of the parent profiles the server alone.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  cookie?: string;
  /** Further request headers (e.g. `accept: image/webp`). */
  headers?: Record<string, string>;
  /**
   * The responses are binary (images): do not keep their bodies. autocannon's client appends
   * every body to a string (`PipelinedRequestsQueue.addBody`), UTF-8-decoding each image, for
   * checks (`expectBody`, `verifyBody`) we do not use; with 12–47 KB of WebP a response that was
   * most of the load generator's CPU and capped the run below what the server could serve.
   * Bytes are still counted (`addByteCount`), and status codes and latencies are unchanged.
   */
  discardBodies?: boolean;
}

export interface LoadResult {
  perSecond: number;
  /** Responses completed over the whole run (2xx or not). */
  pages: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

process.once('message', async (request: LoadRequest) => {
  if (request.discardBodies) {
    const require = createRequire(import.meta.url);
    const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
      prototype: { addBody(data: Buffer): void };
    };
    queue.prototype.addBody = () => {};
  }
  let next = 0;
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    duration: request.seconds,
    headers: {
      'accept-encoding': 'gzip, br',
      ...(request.cookie ? { cookie: request.cookie } : {}),
      ...request.headers,
    },
    requests: [
      {
        setupRequest: (options) => ({
          ...options,
          path: request.paths[next++ % request.paths.length]!,
        }),
      },
    ],
  });
  const outcome: LoadResult = {
    perSecond: Math.round(result.requests.average),
    pages: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  process.send!(outcome, () => process.exit(0));
});
